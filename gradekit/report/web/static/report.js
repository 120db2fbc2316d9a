// gradekit web report: click a heading of a table.sortable to sort by that column.
// Cells carry their sort key in data-value; data-sort on the heading says number or text.
"use strict";

function sortTable(table, columnIndex, kind, descending) {
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const key = (row) => {
    const cell = row.cells[columnIndex];
    const value = cell.dataset.value !== undefined ? cell.dataset.value : cell.textContent;
    return kind === "number" ? parseFloat(value) : value.toLowerCase();
  };
  rows.sort((a, b) => {
    const left = key(a), right = key(b);
    const order = left < right ? -1 : left > right ? 1 : 0;
    return descending ? -order : order;
  });
  rows.forEach((row) => body.appendChild(row));
}

document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("table.sortable").forEach((table) => {
    const headings = Array.from(table.tHead.rows[0].cells);
    headings.forEach((heading, index) => {
      heading.addEventListener("click", () => {
        const descending = heading.getAttribute("aria-sort") === "ascending";
        headings.forEach((other) => other.removeAttribute("aria-sort"));
        heading.setAttribute("aria-sort", descending ? "descending" : "ascending");
        sortTable(table, index, heading.dataset.sort || "text", descending);
      });
    });
  });
});

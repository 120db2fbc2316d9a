"""Tensor-indexing submission whose even_rows is misspelt `even_row`."""


def even_row(t):
    return t[::2]

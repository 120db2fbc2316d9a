"""Pydantic models of an exercise spec: one assignment YAML file.

The models mirror the YAML format documented in docs/spec.md field by field; the field
descriptions double as the JSON Schema documentation that editors show on completion.

Two conventions keep the YAML short while the Python side stays typed:

* An argument of a case is written as a tagged mapping (`{tensor: ...}`, `{random: normal, ...}`,
  `{tuple: [...]}`, `{python: ...}`) or as a plain YAML value, which passes as a Python value.
* A check is written as a bare word (`value`, `shape`, ...) or as a one-key mapping
  (`{grad: [x]}`, `{raises: {type: ValueError}}`). Each check model normalises its YAML form into
  fields and carries a `kind` tag, so code can `match` on the class or on `check.kind`.

Cross-field rules that pydantic cannot express with types (unique ids, names that must refer to
declared arguments, ...) raise `SpecRuleError`, which carries a path relative to the model being
validated so the loader can point at the exact YAML line.
"""

from __future__ import annotations

import difflib
import functools
import importlib
import importlib.util
import keyword
import re
import zlib
from typing import Annotated, Any, ClassVar, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    PrivateAttr,
    Tag,
    field_validator,
    model_serializer,
    model_validator,
)
from pydantic_core import PydanticCustomError

# ---------------------------------------------------------------------------------------------
# Shared vocabulary
# ---------------------------------------------------------------------------------------------

DTYPE_NAMES: tuple[str, ...] = ("float16", "float32", "float64", "int32", "int64", "bool")
FLOAT_DTYPES: frozenset[str] = frozenset({"float16", "float32", "float64"})
INT_DTYPES: frozenset[str] = frozenset({"int32", "int64"})

DType = Literal["float16", "float32", "float64", "int32", "int64", "bool"]

# Syntax kinds a constraint may forbid or require; anything else must be a dotted name.
SYNTAX_KINDS: tuple[str, ...] = (
    "for",
    "while",
    "loop",
    "if",
    "comprehension",
    "lambda",
    "import",
    "try",
    "with",
    "def",
    "class",
    "global",
    "nonlocal",
    "del",
    "yield",
    "assert",
    "recursion",
)

# Checks that look at the returned value; a case expecting an exception has no returned value.
RETURN_VALUE_CHECKS: frozenset[str] = frozenset(
    {"value", "type", "shape", "dtype", "requires_grad", "is_leaf", "grad_fn"}
)

SLUG_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_.-]*$"
IDENTIFIER_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*$"
DOTTED_NAME_PATTERN = r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$"

DEFAULT_CHECK_WORDS: tuple[str, ...] = ("value", "type", "shape", "dtype")


class SpecRuleError(PydanticCustomError):
    """A cross-field rule failed; `subpath` locates the culprit below the validated model."""

    def __new__(cls, subpath: tuple[str | int, ...], message: str) -> SpecRuleError:
        # Braces would be read as template fields by pydantic-core; the message is final text.
        safe = message.replace("{", "(").replace("}", ")")
        return super().__new__(cls, "spec_rule", safe, {"subpath": list(subpath)})


class StrictModel(BaseModel):
    """Base of every spec model: unknown keys are errors, no lax coercion (YAML `t` stays
    a string, never a boolean), and models are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


# ---------------------------------------------------------------------------------------------
# Case arguments
# ---------------------------------------------------------------------------------------------


def _literal_shape(data: Any, where: tuple[str | int, ...] = ()) -> list[int]:
    """Shape of a nested-list literal; raises SpecRuleError when it is ragged or not numeric."""
    if isinstance(data, list):
        if not data:
            return [0]
        shapes = [_literal_shape(item, (*where, index)) for index, item in enumerate(data)]
        for index, shape in enumerate(shapes):
            if shape != shapes[0]:
                raise SpecRuleError(
                    ("tensor", *where, index),
                    f"ragged tensor literal: this item has shape {shape}, "
                    f"the first item has shape {shapes[0]}",
                )
        return [len(data), *shapes[0]]
    if isinstance(data, (bool, int, float)):
        return []
    raise SpecRuleError(
        ("tensor", *where),
        f"tensor literals hold numbers or booleans (got {type(data).__name__} {data!r})",
    )


def _literal_scalars(data: Any) -> list[Any]:
    if isinstance(data, list):
        return [scalar for item in data for scalar in _literal_scalars(item)]
    return [data]


def _require_float_for_grad(model: Any, dtype: str) -> None:
    if model.requires_grad and dtype not in FLOAT_DTYPES:
        raise SpecRuleError(
            ("requires_grad",),
            f"requires_grad: true needs a floating dtype (float16, float32, float64), "
            f"this tensor is {dtype}",
        )


class TensorLiteralArg(StrictModel):
    """A tensor written out in full, as `torch.tensor(data, dtype=...)` would build it."""

    tensor: Any = Field(
        description="The data: a number, or nested lists of numbers/booleans (rectangular).",
        json_schema_extra={"type": ["number", "integer", "boolean", "array"]},
    )
    dtype: DType | None = Field(
        default=None,
        description="Element type. Omitted: inferred like torch.tensor (bool if all values are "
        "booleans, int64 if all are integers, else float32).",
    )
    requires_grad: bool = Field(
        default=False, description="Create the tensor with requires_grad=True (float dtypes only)."
    )

    @property
    def shape(self) -> list[int]:
        """Shape of the literal, e.g. [8, 3]; [] for a scalar."""
        return _literal_shape(self.tensor)

    @property
    def resolved_dtype(self) -> str:
        """The dtype the tensor is built with (explicit, else inferred like torch.tensor)."""
        if self.dtype is not None:
            return self.dtype
        scalars = _literal_scalars(self.tensor)
        if scalars and all(isinstance(value, bool) for value in scalars):
            return "bool"
        if all(isinstance(value, int) for value in scalars):
            return "int64"
        return "float32"

    @model_validator(mode="after")
    def _check_data(self) -> TensorLiteralArg:
        _literal_shape(self.tensor)
        dtype = self.resolved_dtype
        if dtype in INT_DTYPES:
            for scalar in _literal_scalars(self.tensor):
                if isinstance(scalar, float) and not scalar.is_integer():
                    raise SpecRuleError(
                        ("tensor",),
                        f"{dtype} tensor literal holds the fraction {scalar!r}; "
                        "write a floating dtype or integer values",
                    )
        _require_float_for_grad(self, dtype)
        return self


class _RandomTensorBase(StrictModel):
    shape: list[Annotated[int, Field(ge=0)]] = Field(
        description="Tensor shape, e.g. [8, 3]; [] for a 0-d tensor."
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        description="Seed of the generator; the same seed gives the same values on every run. "
        "Omitted: derived from the exercise, case and argument names. With `repeat: n` the "
        "copies use seed, seed+1, ..., seed+n-1.",
    )
    requires_grad: bool = Field(
        default=False, description="Create the tensor with requires_grad=True (float dtypes only)."
    )


class RandomNormalArg(_RandomTensorBase):
    """A tensor of normally distributed values (like torch.randn scaled by std, plus mean)."""

    random: Literal["normal"] = Field(description="Distribution: normal.")
    mean: float = Field(default=0.0, description="Mean of the distribution.")
    std: float = Field(default=1.0, gt=0, description="Standard deviation (> 0).")
    dtype: Literal["float16", "float32", "float64"] = Field(
        default="float32", description="Element type (a floating dtype)."
    )

    @model_validator(mode="after")
    def _check_grad(self) -> RandomNormalArg:
        _require_float_for_grad(self, self.dtype)
        return self


class RandomUniformArg(_RandomTensorBase):
    """A tensor of values drawn uniformly from [low, high) (like torch.rand)."""

    random: Literal["uniform"] = Field(description="Distribution: uniform on [low, high).")
    low: float = Field(default=0.0, description="Inclusive lower bound.")
    high: float = Field(default=1.0, description="Exclusive upper bound (> low).")
    dtype: Literal["float16", "float32", "float64"] = Field(
        default="float32", description="Element type (a floating dtype)."
    )

    @model_validator(mode="after")
    def _check_bounds(self) -> RandomUniformArg:
        if not self.low < self.high:
            raise SpecRuleError(("high",), f"high ({self.high}) must be > low ({self.low})")
        _require_float_for_grad(self, self.dtype)
        return self


class RandomIntArg(_RandomTensorBase):
    """A tensor of integers drawn uniformly from [low, high) (like torch.randint)."""

    random: Literal["randint"] = Field(description="Distribution: integers in [low, high).")
    low: int = Field(default=0, description="Inclusive lower bound.")
    high: int = Field(description="Exclusive upper bound (> low).")
    dtype: Literal["float16", "float32", "float64", "int32", "int64"] = Field(
        default="int64",
        description="Element type; a floating dtype holds whole numbers (torch.randint allows it).",
    )

    @model_validator(mode="after")
    def _check_bounds(self) -> RandomIntArg:
        if not self.low < self.high:
            raise SpecRuleError(("high",), f"high ({self.high}) must be > low ({self.low})")
        _require_float_for_grad(self, self.dtype)
        return self


def _random_tag(value: Any) -> str | None:
    kind = value.get("random") if isinstance(value, dict) else getattr(value, "random", None)
    return f":{kind}" if isinstance(kind, str) else None


RandomTensorArg = Annotated[
    Annotated[RandomNormalArg, Tag(":normal")]
    | Annotated[RandomUniformArg, Tag(":uniform")]
    | Annotated[RandomIntArg, Tag(":randint")],
    Discriminator(
        _random_tag,
        custom_error_type="random_kind",
        custom_error_message="`random` must be one of normal, uniform, randint",
    ),
]


class RandomShapesArg(StrictModel):
    """The first of a pair of random tensor shapes, each a tuple of ints such as (2, 1, 3).

    The pair is drawn from the seed so that it is `broadcastable` (the shapes broadcast
    together), `incompatible` (they do not: one aligned dimension has two different sizes,
    neither 1) or `any` (two independent shapes). The case's `{other_shape_of: <name>}`
    argument receives the pair's second shape.
    """

    random_shapes: Literal["broadcastable", "incompatible", "any"] = Field(
        description="How the two shapes relate: broadcastable, incompatible or any."
    )
    ndim: list[Annotated[int, Field(ge=0, le=32)]] = Field(
        default=[0, 4],
        min_length=2,
        max_length=2,
        description="[fewest, most] dimensions of each shape, inclusive; 0 gives a 0-d shape ().",
    )
    size: list[Annotated[int, Field(ge=1)]] = Field(
        default=[1, 5],
        min_length=2,
        max_length=2,
        description="[smallest, largest] size of a dimension, inclusive. Size-1 dimensions (the "
        "ones that stretch) appear only when the smallest size is 1.",
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        description="Seed of the generator; the same seed gives the same pair on every run. "
        "Omitted: derived from the exercise, case and argument names. With `repeat: n` the "
        "copies use seed, seed+1, ..., seed+n-1.",
    )

    @model_validator(mode="after")
    def _check_ranges(self) -> RandomShapesArg:
        for field_name in ("ndim", "size"):
            low, high = getattr(self, field_name)
            if low > high:
                raise SpecRuleError(
                    (field_name,), f"{field_name} [{low}, {high}]: the first bound is the larger"
                )
        if self.random_shapes == "incompatible":
            if self.ndim[1] < 1:
                raise SpecRuleError(
                    ("ndim",), "incompatible shapes need at least one dimension: raise ndim's top"
                )
            if self.size[1] - max(2, self.size[0]) < 1:
                raise SpecRuleError(
                    ("size",),
                    "incompatible shapes need two different sizes of at least 2 (e.g. size: "
                    "[1, 5])",
                )
        return self


class OtherShapeArg(StrictModel):
    """The second shape of the pair drawn for another argument of the same case."""

    other_shape_of: str = Field(
        pattern=IDENTIFIER_PATTERN,
        description="Name of a `random_shapes` argument of this case.",
    )


class PythonArg(StrictModel):
    """A plain Python value (number, string, bool, None, list). Plain YAML values mean this."""

    python: Any = Field(description="The value, passed to the entry as is.")

    @model_validator(mode="before")
    @classmethod
    def _wrap_plain_value(cls, data: Any) -> Any:
        if isinstance(data, dict):
            return data
        return {"python": data}

    @model_serializer(mode="plain")
    def _as_plain_value(self) -> Any:
        # A dict value cannot be written bare: it would read back as a tagged argument.
        return {"python": self.python} if isinstance(self.python, dict) else self.python


class TupleArg(StrictModel):
    """A Python tuple whose items are arguments themselves (e.g. a shape `{tuple: [2, 3]}`)."""

    tuple: list[ArgSpec] = Field(description="The items, each written like any argument.")


ARG_TAGS: tuple[str, ...] = (
    "tensor",
    "random",
    "random_shapes",
    "other_shape_of",
    "tuple",
    "python",
)


def _arg_tag(value: Any) -> str | None:
    if isinstance(value, dict):
        tags = [tag for tag in ARG_TAGS if tag in value]
        return f":{tags[0]}" if len(tags) == 1 else None
    if isinstance(value, BaseModel):
        for model, tag in (
            (TensorLiteralArg, "tensor"),
            (RandomShapesArg, "random_shapes"),
            (OtherShapeArg, "other_shape_of"),
            (TupleArg, "tuple"),
            (PythonArg, "python"),
        ):
            if isinstance(value, model):
                return f":{tag}"
        return ":random"
    return ":python"


# Union tags start with ":" so they can never be mistaken for YAML keys in error locations.
ArgSpec = Annotated[
    Annotated[TensorLiteralArg, Tag(":tensor")]
    | Annotated[RandomTensorArg, Tag(":random")]
    | Annotated[RandomShapesArg, Tag(":random_shapes")]
    | Annotated[OtherShapeArg, Tag(":other_shape_of")]
    | Annotated[TupleArg, Tag(":tuple")]
    | Annotated[PythonArg, Tag(":python")],
    Discriminator(
        _arg_tag,
        custom_error_type="arg_kind",
        custom_error_message="an argument mapping needs exactly one of the keys tensor, random, "
        "random_shapes, other_shape_of, tuple, python (plain values need no key)",
    ),
]
"""One input of a case, as written in YAML (the sandbox's wire ArgSpec is the materialised form)."""

TENSOR_ARG_TYPES = (TensorLiteralArg, RandomNormalArg, RandomUniformArg, RandomIntArg)

TupleArg.model_rebuild()


# ---------------------------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------------------------


class _CheckBase(StrictModel):
    """A check compares one observation of the student's call with the reference's."""

    word: ClassVar[str]

    @model_validator(mode="before")
    @classmethod
    def _from_yaml_form(cls, data: Any) -> Any:
        if data == cls.word:
            return {"kind": cls.word}
        if isinstance(data, dict) and set(data) == {cls.word}:
            return {"kind": cls.word, **cls._fields_from_yaml(data[cls.word])}
        return data

    @classmethod
    def _fields_from_yaml(cls, value: Any) -> dict[str, Any]:
        raise PydanticCustomError(
            "check_form", "`{word}` takes no options; write it as a bare word", {"word": cls.word}
        )

    def to_yaml(self) -> Any:
        """The compact YAML form of this check (a word or a one-key mapping)."""
        return self.word

    @model_serializer(mode="plain")
    def _serialize(self) -> Any:
        return self.to_yaml()


class ValueCheck(_CheckBase):
    """`value`: the returned values are equal (allclose for floats, exact otherwise)."""

    word: ClassVar[str] = "value"
    kind: Literal["value"] = "value"
    reshape_ok: bool = Field(
        default=False, description="Accept a value equal to the reference's up to a reshape."
    )

    @classmethod
    def _fields_from_yaml(cls, value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {"reshape_ok": value}

    def to_yaml(self) -> Any:
        return {"value": {"reshape_ok": True}} if self.reshape_ok else "value"


class TypeCheck(_CheckBase):
    """`type`: the returned value has exactly the reference's type (a real tensor, no subclass)."""

    word: ClassVar[str] = "type"
    kind: Literal["type"] = "type"


class ShapeCheck(_CheckBase):
    """`shape`: the returned tensor has the reference's shape."""

    word: ClassVar[str] = "shape"
    kind: Literal["shape"] = "shape"


class DtypeCheck(_CheckBase):
    """`dtype`: the returned tensor has the reference's dtype."""

    word: ClassVar[str] = "dtype"
    kind: Literal["dtype"] = "dtype"


class RequiresGradCheck(_CheckBase):
    """`requires_grad`: the returned tensor's requires_grad equals the reference's."""

    word: ClassVar[str] = "requires_grad"
    kind: Literal["requires_grad"] = "requires_grad"


class IsLeafCheck(_CheckBase):
    """`is_leaf`: the returned tensor's is_leaf equals the reference's."""

    word: ClassVar[str] = "is_leaf"
    kind: Literal["is_leaf"] = "is_leaf"


class GradFnCheck(_CheckBase):
    """`grad_fn`: the returned tensor's grad_fn class name equals the reference's (or `name`)."""

    word: ClassVar[str] = "grad_fn"
    kind: Literal["grad_fn"] = "grad_fn"
    name: str | None = Field(
        default=None,
        pattern=IDENTIFIER_PATTERN,
        description="Expected grad_fn class name, e.g. MulBackward0. Omitted: the reference's.",
    )

    @classmethod
    def _fields_from_yaml(cls, value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {"name": value}

    def to_yaml(self) -> Any:
        return {"grad_fn": self.name} if self.name else "grad_fn"


class _NamedArgsCheck(_CheckBase):
    names: list[Annotated[str, Field(pattern=IDENTIFIER_PATTERN)]] = Field(
        min_length=1, description="Names of arguments of the case."
    )

    @classmethod
    def _fields_from_yaml(cls, value: Any) -> dict[str, Any]:
        if isinstance(value, dict):
            return value
        return {"names": [value] if isinstance(value, str) else value}

    def to_yaml(self) -> Any:
        return {self.word: list(self.names)}


class GradCheck(_NamedArgsCheck):
    """`{grad: [x, ...]}`: after the call, `.grad` of these inputs equals the reference's."""

    word: ClassVar[str] = "grad"
    kind: Literal["grad"] = "grad"


class UnchangedCheck(_NamedArgsCheck):
    """`{unchanged: [t, ...]}`: after the call, these inputs still equal their original values."""

    word: ClassVar[str] = "unchanged"
    kind: Literal["unchanged"] = "unchanged"


class MutatedCheck(_NamedArgsCheck):
    """`{mutated: [t, ...]}`: after the call, these inputs equal the reference's mutated inputs."""

    word: ClassVar[str] = "mutated"
    kind: Literal["mutated"] = "mutated"


class RaisesCheck(_CheckBase):
    """`{raises: {type: ValueError, match: regex}}`: the call must raise this exception."""

    word: ClassVar[str] = "raises"
    kind: Literal["raises"] = "raises"
    type: str = Field(
        pattern=DOTTED_NAME_PATTERN,
        description="Exception class name, e.g. ValueError (the last dotted part is compared). "
        "Builtin subclasses pass too (IndexError for LookupError); other classes by name only.",
    )
    match: str | None = Field(
        default=None,
        description="Regular expression searched (re.search) in str(exception). Omitted: any.",
    )

    @classmethod
    def _fields_from_yaml(cls, value: Any) -> dict[str, Any]:
        return value if isinstance(value, dict) else {"type": value}

    @field_validator("match")
    @classmethod
    def _regex_compiles(cls, pattern: str | None) -> str | None:
        if pattern is not None:
            try:
                re.compile(pattern)
            except re.error as error:
                raise ValueError(f"`match` is not a valid regular expression: {error}") from None
        return pattern

    def to_yaml(self) -> Any:
        options = {"type": self.type}
        if self.match is not None:
            options["match"] = self.match
        return {"raises": options}


CHECK_TYPES: tuple[type[_CheckBase], ...] = (
    ValueCheck,
    TypeCheck,
    ShapeCheck,
    DtypeCheck,
    RequiresGradCheck,
    IsLeafCheck,
    GradFnCheck,
    GradCheck,
    UnchangedCheck,
    MutatedCheck,
    RaisesCheck,
)
CHECK_WORDS: tuple[str, ...] = tuple(check.word for check in CHECK_TYPES)


def _check_tag(value: Any) -> str | None:
    word = _check_word(value)
    return f":{word}" if word in CHECK_WORDS else None


def _check_word(value: Any) -> Any:
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        if "kind" in value:
            return value["kind"]
        return next(iter(value)) if len(value) == 1 else None
    return getattr(value, "kind", None)


Check = Annotated[
    Annotated[ValueCheck, Tag(":value")]
    | Annotated[TypeCheck, Tag(":type")]
    | Annotated[ShapeCheck, Tag(":shape")]
    | Annotated[DtypeCheck, Tag(":dtype")]
    | Annotated[RequiresGradCheck, Tag(":requires_grad")]
    | Annotated[IsLeafCheck, Tag(":is_leaf")]
    | Annotated[GradFnCheck, Tag(":grad_fn")]
    | Annotated[GradCheck, Tag(":grad")]
    | Annotated[UnchangedCheck, Tag(":unchanged")]
    | Annotated[MutatedCheck, Tag(":mutated")]
    | Annotated[RaisesCheck, Tag(":raises")],
    Discriminator(
        _check_tag,
        custom_error_type="check_kind",
        custom_error_message="a check is one of the words value, type, shape, dtype, "
        "requires_grad, is_leaf, grad_fn, or a one-key mapping {value: {reshape_ok: true}}, "
        "{grad_fn: Name}, {grad: [args]}, {unchanged: [args]}, {mutated: [args]}, "
        "{raises: {type: Name, match: regex}}",
    ),
]


def default_checks() -> list[Any]:
    """Checks used when an exercise lists none: value, type, shape, dtype."""
    return [ValueCheck(), TypeCheck(), ShapeCheck(), DtypeCheck()]


# ---------------------------------------------------------------------------------------------
# Tolerance, constraints, mistakes
# ---------------------------------------------------------------------------------------------


class Tolerance(StrictModel):
    """Float comparison tolerance; null means torch.testing.assert_close's default for the dtype."""

    rtol: float | None = Field(default=None, ge=0, description="Relative tolerance.")
    atol: float | None = Field(default=None, ge=0, description="Absolute tolerance.")

    @model_validator(mode="after")
    def _both_or_neither(self) -> Tolerance:
        # Same rule as torch.testing.assert_close: one without the other is ambiguous.
        if (self.rtol is None) != (self.atol is None):
            missing = "atol" if self.atol is None else "rtol"
            raise SpecRuleError(
                (missing,), "give rtol and atol together (or neither), as assert_close requires"
            )
        return self


def _known_constraint_item(item: str) -> str:
    problem = constraint_item_problem(item)
    if problem is not None:
        raise SpecRuleError((), problem)
    return item


# Checked one by one, so that every misspelt item of a list is reported with its own line.
ConstraintItem = Annotated[str, AfterValidator(_known_constraint_item)]


class Constraints(StrictModel):
    """Static rules on the source of the student's entry, checked on its syntax tree."""

    max_statements: int | None = Field(
        default=None,
        ge=1,
        description="Most statements allowed in the entry's body, counting nested statements "
        "and not counting the docstring. 1 means 'one line of code'.",
    )
    forbid: list[ConstraintItem] = Field(
        default_factory=list,
        description="Forbidden syntax kinds (for, while, loop, if, comprehension, lambda, "
        "import, try, with, def, class, global, nonlocal, del, yield, assert, recursion) or "
        "dotted names (e.g. torch.broadcast_shapes) that must not be called, read or imported.",
    )
    require: list[ConstraintItem] = Field(
        default_factory=list,
        description="Syntax kinds or dotted names that must appear in the entry's source.",
    )


# ---------------------------------------------------------------------------------------------
# What a forbid/require item may name
#
# A misspelt item would load and never fire (`forbid: [whiel]` forbids a call named whiel), so
# an item must be a syntax kind, a `torch.` name torch has, or any other name (a bare name such
# as `sum`, `backward` or a student helper, or another module's dotted name) that is not a typo
# of a syntax kind.
# ---------------------------------------------------------------------------------------------


def constraint_item_problem(item: str) -> str | None:
    """Why ``item`` cannot be a ``forbid``/``require`` item, with a did-you-mean when one fits;
    None when it can."""
    if item in SYNTAX_KINDS:
        return None
    if not re.match(DOTTED_NAME_PATTERN, item):
        return (
            f"{item!r} is neither a syntax kind ({', '.join(SYNTAX_KINDS)}) "
            "nor a dotted name like torch.broadcast_shapes"
        )
    if "." not in item:
        kind = _misspelt_syntax_kind(item)
        if kind is None or item in _known_bare_names():
            return None
        return (
            f"unknown syntax kind {item!r} (did you mean {kind!r}?); the syntax kinds are "
            f"{', '.join(SYNTAX_KINDS)}"
        )
    if item.partition(".")[0] != "torch":
        return None  # another module's name: gradekit cannot know what it holds
    return _torch_name_problem(item)


def _misspelt_syntax_kind(name: str) -> str | None:
    """The syntax kind ``name`` is a typo of: one letter added, dropped, changed or two swapped
    (``fro``, ``whiel``, ``iff``), two for the long kinds (``lamda``, ``recusrion``)."""
    for kind in SYNTAX_KINDS:
        if _edit_distance(name, kind) <= (2 if len(kind) >= 6 else 1):
            return kind
    return None


def _edit_distance(a: str, b: str) -> int:
    """Insertions, deletions, substitutions and swaps of neighbours that turn ``a`` into ``b``
    (the optimal string alignment distance)."""
    previous_row: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        before, previous_row, row = previous_row, row, [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(previous_row[j] + 1, row[j - 1] + 1, previous_row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], before[j - 2] + 1)
    return row[-1]


@functools.cache
def _known_bare_names() -> frozenset[str]:
    """Names that are real although close to a syntax kind: Python's builtins (``id`` is one
    letter from ``if``) and the attributes of torch's namespaces and tensors (``dim``)."""
    import builtins

    from gradekit.engine.alias import ALIASED_MODULES
    from gradekit.engine.torch_names import TENSOR_ATTRIBUTE_NAMES

    names = set(dir(builtins)) | set(TENSOR_ATTRIBUTE_NAMES)
    for engine_module in ALIASED_MODULES.values():
        names.update(dir(importlib.import_module(engine_module)))
    return frozenset(names)


@functools.lru_cache(maxsize=256)  # a batch of specs names the same few torch functions
def _torch_name_problem(name: str) -> str | None:
    """None when ``name`` (``torch.…``) exists in gradekit's engine or in real torch.

    The engine is asked first (it imports in milliseconds); real torch only for the names the
    engine lacks. Without torch installed, such a name is refused only when it is a typo of a
    name the engine has: the engine does not cover all of torch (``torch.fft.fft``)."""
    parts = name.split(".")
    found, missing, candidates = _look_up(parts, _engine_module)
    if found:
        return None
    torch_installed = importlib.util.find_spec("torch") is not None
    if torch_installed:
        found, torch_missing, torch_candidates = _look_up(parts, _torch_module)
        if found:
            return None
        if torch_missing > missing:  # real torch got further down the name
            missing, candidates = torch_missing, torch_candidates
        elif torch_missing == missing:
            candidates = sorted(set(candidates) | set(torch_candidates))
    close = difflib.get_close_matches(parts[missing], candidates, n=1)
    known_prefix = ".".join(parts[:missing])
    if close:
        suggestion = f"{known_prefix}.{close[0]}"
        return f"torch has no {name!r} (did you mean {suggestion!r}?)"
    if not torch_installed:
        return None
    return f"torch has no {name!r}: {known_prefix} has no attribute {parts[missing]!r}"


def _look_up(parts: list[str], module_for: Any) -> tuple[bool, int, list[str]]:
    """Walk ``parts`` (``["torch", "nn", "functional", "relu"]``) from the longest prefix
    ``module_for`` can import: whether all of it exists, else the index of the first part that
    does not and the public names where it was looked for."""
    for cut in range(len(parts), 0, -1):
        found = module_for(".".join(parts[:cut]))
        if found is not None:
            break
    else:
        return False, 0, []
    for index in range(cut, len(parts)):
        try:
            found = getattr(found, parts[index])
        except Exception:  # the engine raises its own errors for what it does not support
            return False, index, [n for n in dir(found) if not n.startswith("_")]
    return True, len(parts), []


def _engine_module(torch_module: str) -> Any:
    from gradekit.engine.alias import ALIASED_MODULES

    engine_module = ALIASED_MODULES.get(torch_module)
    return None if engine_module is None else importlib.import_module(engine_module)


def _torch_module(torch_module: str) -> Any:
    try:
        return importlib.import_module(torch_module)
    except Exception:  # not a module of torch (or torch fails to import here)
        return None


class Mistake(StrictModel):
    """A known wrong answer, computed by a function of the solution module."""

    function: str = Field(
        pattern=IDENTIFIER_PATTERN,
        description="Name of a function in the solution module with the entry's signature "
        "(for a variable exercise: a variable holding the wrong value).",
    )
    message: str = Field(
        min_length=1, description="Feedback shown when the student's answer matches this mistake."
    )


# ---------------------------------------------------------------------------------------------
# Cases and exercises
# ---------------------------------------------------------------------------------------------


class Case(StrictModel):
    """One call of the entry with concrete arguments (or `repeat` calls with fresh seeds)."""

    id: str = Field(
        pattern=SLUG_PATTERN, description="Unique within the exercise, e.g. seed, random."
    )
    description: str | None = Field(
        default=None, description="What this case probes; shown in feedback unless hidden."
    )
    args: dict[str, ArgSpec] = Field(
        default_factory=dict,
        description="Arguments by parameter name, passed by position in this order.",
    )
    repeat: int = Field(
        default=1,
        ge=1,
        description="Run the case this many times; random arguments use seed, seed+1, ...",
    )
    hidden: bool = Field(
        default=False, description="Hide the inputs and expected value from the student."
    )
    weight: float = Field(
        default=1.0, gt=0, description="Weight of this case (each repeat) in the exercise score."
    )
    checks: list[Check] | None = Field(
        default=None, description="Checks for this case; replaces the exercise's checks."
    )
    tolerance: Tolerance | None = Field(
        default=None, description="Float tolerance for this case; replaces the exercise's."
    )

    @field_validator("args")
    @classmethod
    def _argument_names(cls, args: dict[str, Any]) -> dict[str, Any]:
        for name in args:
            if not re.match(IDENTIFIER_PATTERN, name) or keyword.iskeyword(name):
                raise SpecRuleError(
                    (name,), f"argument name {name!r} is not a valid Python parameter name"
                )
        for name, arg in args.items():
            _check_shape_pairs(args, name, arg, ())
        return args


def _check_shape_pairs(
    args: dict[str, Any], name: str, arg: Any, inside: tuple[str | int, ...]
) -> None:
    """`{other_shape_of: x}` must be a top-level argument naming a `random_shapes` argument."""
    if isinstance(arg, TupleArg):
        for index, item in enumerate(arg.tuple):
            _check_shape_pairs(args, name, item, (*inside, "tuple", index))
        return
    if not isinstance(arg, OtherShapeArg):
        return
    where = (name, *inside, "other_shape_of")
    if inside:
        raise SpecRuleError(where, "other_shape_of must be an argument itself, not a tuple item")
    partner = args.get(arg.other_shape_of)
    if not isinstance(partner, RandomShapesArg):
        shape_args = [other for other, value in args.items() if isinstance(value, RandomShapesArg)]
        raise SpecRuleError(
            where,
            f"{arg.other_shape_of!r} is not a random_shapes argument of this case "
            f"(random_shapes arguments: {', '.join(shape_args) or 'none'})",
        )


def _derived_seed(exercise_id: str, case_id: str, arg_name: str) -> int:
    """Stable seed for a random argument that names none (crc32: same on every machine)."""
    return zlib.crc32(f"{exercise_id}/{case_id}/{arg_name}".encode())


def _seeded(arg: Any, exercise_id: str, case_id: str, arg_name: str, copy: int) -> Any:
    """`arg` with every random tensor or shape pair in it given a concrete seed for repeat
    number `copy`."""
    if isinstance(arg, TupleArg):
        items = [
            _seeded(item, exercise_id, case_id, f"{arg_name}[{index}]", copy)
            for index, item in enumerate(arg.tuple)
        ]
        return arg.model_copy(update={"tuple": items})
    if isinstance(arg, (RandomNormalArg, RandomUniformArg, RandomIntArg, RandomShapesArg)):
        base = arg.seed if arg.seed is not None else _derived_seed(exercise_id, case_id, arg_name)
        return arg.model_copy(update={"seed": base + copy})
    return arg


class Exercise(StrictModel):
    """One exercise: an entry (function or variable) the student writes, and its cases."""

    id: str = Field(pattern=SLUG_PATTERN, description="Unique id, e.g. even_rows.")
    title: str = Field(min_length=1, description="Short human title.")
    topic: str | None = Field(
        default=None,
        description="Topic tag: slicing, indexing, broadcasting, backward, hooks, no-grad, "
        "higher-order, ... (free text, used to group results).",
    )
    points: float = Field(default=1.0, ge=0, description="Points for a fully correct exercise.")
    entry: str | None = Field(
        default=None,
        pattern=IDENTIFIER_PATTERN,
        description="Name of the function/variable in the student's module. Default: the id.",
    )
    kind: Literal["function", "variable"] = Field(
        default="function", description="function: called with the case arguments; variable: read."
    )
    timeout: float = Field(default=2.0, gt=0, description="Seconds allowed per case.")
    prompt: str = Field(min_length=1, description="The task, shown to the student and in starters.")
    hints: list[str] = Field(
        default_factory=list, description="Hints shown, in order, when the exercise fails."
    )
    constraints: Constraints = Field(
        default_factory=Constraints, description="Static rules on the entry's source."
    )
    checks: list[Check] = Field(
        default_factory=default_checks,
        min_length=1,
        description="Default checks of every case. Default: [value, type, shape, dtype].",
    )
    tolerance: Tolerance = Field(
        default_factory=Tolerance, description="Default float tolerance of every case."
    )
    cases: list[Case] = Field(
        default_factory=list,
        description="The cases. A variable exercise without cases gets one case `value`.",
    )
    mistakes: list[Mistake] = Field(
        default_factory=list, description="Known wrong answers with targeted feedback."
    )

    @property
    def entry_name(self) -> str:
        """The name the student's module must define (entry, defaulting to the id)."""
        return self.entry or self.id

    @property
    def arg_names(self) -> list[str]:
        """Parameter names of the entry, from the first case (all cases agree)."""
        return list(self.cases[0].args) if self.cases else []

    def checks_for(self, case: Case) -> list[Any]:
        """The checks that apply to `case` (its own, else the exercise's)."""
        return list(case.checks) if case.checks is not None else list(self.checks)

    def tolerance_for(self, case: Case) -> Tolerance:
        """The tolerance that applies to `case` (its own, else the exercise's)."""
        return case.tolerance if case.tolerance is not None else self.tolerance

    def expanded_cases(self) -> list[Case]:
        """Concrete cases: `repeat` unrolled and every random argument given its seed.

        A case with repeat n becomes n cases with ids `<id>#1` ... `<id>#n` (`#` cannot
        appear in a declared id, so they never collide) whose random arguments use seed,
        seed+1, ...; an omitted seed is derived from the exercise, case and argument names.
        """
        concrete: list[Case] = []
        for case in self.cases:
            for copy in range(case.repeat):
                args = {
                    name: _seeded(arg, self.id, case.id, name, copy)
                    for name, arg in case.args.items()
                }
                case_id = case.id if case.repeat == 1 else f"{case.id}#{copy + 1}"
                concrete.append(case.model_copy(update={"id": case_id, "args": args, "repeat": 1}))
        return concrete

    @model_validator(mode="after")
    def _cross_field_rules(self) -> Exercise:
        if self.kind == "variable" and not self.cases:
            object.__setattr__(self, "cases", [Case(id="value")])
        if not self.cases:
            raise SpecRuleError(("cases",), "a function exercise needs at least one case")
        self._check_entry_is_a_name()
        self._check_unique_case_ids()
        self._check_same_signature()
        # The exercise's checks only apply to the cases that do not list their own.
        inheriting = [case for case in self.cases if case.checks is None]
        self._check_checks(("checks",), self.checks, inheriting)
        for index, case in enumerate(self.cases):
            if case.checks is not None:
                self._check_checks(("cases", index, "checks"), case.checks, [case])
        return self

    def _check_entry_is_a_name(self) -> None:
        # The entry becomes a def/variable name in the student's module and the starter file.
        if self.entry is None and not re.match(IDENTIFIER_PATTERN, self.id):
            raise SpecRuleError(
                ("id",),
                f"the id {self.id!r} is not a Python name, so it cannot be the entry; "
                "add `entry:` with the function or variable name",
            )
        if keyword.iskeyword(self.entry_name):
            raise SpecRuleError(
                ("entry" if self.entry else "id",),
                f"{self.entry_name!r} is a Python keyword and cannot name a function or variable",
            )

    def _check_unique_case_ids(self) -> None:
        seen: dict[str, int] = {}
        for index, case in enumerate(self.cases):
            if case.id in seen:
                raise SpecRuleError(
                    ("cases", index, "id"),
                    f"duplicate case id {case.id!r} (also cases[{seen[case.id]}])",
                )
            seen[case.id] = index

    def _check_same_signature(self) -> None:
        if self.kind == "variable":
            for index, case in enumerate(self.cases):
                if case.args:
                    raise SpecRuleError(
                        ("cases", index, "args"), "a variable exercise's cases take no args"
                    )
            return
        expected = list(self.cases[0].args)
        for index, case in enumerate(self.cases[1:], start=1):
            if list(case.args) != expected:
                raise SpecRuleError(
                    ("cases", index, "args"),
                    f"every case must pass the same arguments in the same order as cases[0] "
                    f"({', '.join(expected) or 'none'}); this one passes "
                    f"({', '.join(case.args) or 'none'})",
                )

    @staticmethod
    def _check_checks(where: tuple[str | int, ...], checks: list[Any], cases: list[Case]) -> None:
        kinds = [check.kind for check in checks]
        for index, kind in enumerate(kinds):
            if kinds.index(kind) != index:
                raise SpecRuleError((*where, index), f"check {kind!r} is listed twice")
        if "raises" in kinds:
            clashing = [kind for kind in kinds if kind in RETURN_VALUE_CHECKS]
            if clashing:
                raise SpecRuleError(
                    (*where, kinds.index(clashing[0])),
                    f"a call that must raise returns nothing, so {clashing[0]!r} cannot be "
                    "checked alongside raises (unchanged/mutated can)",
                )
        for index, check in enumerate(checks):
            names = getattr(check, "names", None)
            if names is None:
                continue
            for case in cases:
                for name in names:
                    arg = case.args.get(name)
                    if arg is None:
                        declared = ", ".join(case.args) or "none"
                        raise SpecRuleError(
                            (*where, index),
                            f"{check.kind} names {name!r}, which is not an argument of case "
                            f"{case.id!r} (arguments: {declared})",
                        )
                    if check.kind == "grad" and not getattr(arg, "requires_grad", False):
                        raise SpecRuleError(
                            (*where, index),
                            f"grad of {name!r} is checked, but in case {case.id!r} it is not a "
                            "tensor with requires_grad: true, so it never gets a .grad",
                        )


# ---------------------------------------------------------------------------------------------
# Assignment
# ---------------------------------------------------------------------------------------------


class AssignmentInfo(StrictModel):
    """The `assignment:` header: identity and defaults of the whole assignment."""

    id: str = Field(pattern=SLUG_PATTERN, description="Slug, e.g. tensor-indexing.")
    title: str = Field(min_length=1, description="Human title.")
    source: str | None = Field(default=None, description="Where the material comes from.")
    description: str | None = Field(
        default=None, description="Introduction shown at the top of reports and starter files."
    )
    backend: Literal["auto", "engine", "torch"] = Field(
        default="auto",
        description="Default backend of `gradekit check`: engine (gradekit's numpy engine), "
        "torch (real PyTorch), auto (torch when importable, else engine).",
    )
    solution: str = Field(
        min_length=1,
        description="Reference solution module, a path relative to this YAML file.",
    )
    student_file: str = Field(
        default="exercise.py",
        pattern=r"^[A-Za-z_][A-Za-z0-9_]*\.py$",
        description="Default file name of the student's module (the starter is written there).",
    )


class Assignment(StrictModel):
    """A whole assignment file: the header and the exercises."""

    assignment: AssignmentInfo = Field(description="Identity and defaults of the assignment.")
    exercises: list[Exercise] = Field(min_length=1, description="The exercises, in order.")

    # Set by the loader: where the YAML lives and the resolved solution path.
    _spec_path: Any = PrivateAttr(default=None)
    _solution_path: Any = PrivateAttr(default=None)

    @property
    def id(self) -> str:
        return self.assignment.id

    @property
    def title(self) -> str:
        return self.assignment.title

    @property
    def spec_path(self) -> Any:
        """Path of the YAML file this assignment was loaded from (None if built in code)."""
        return self._spec_path

    @property
    def solution_path(self) -> Any:
        """Absolute path of the reference solution (None if built in code, not loaded)."""
        return self._solution_path

    def exercise(self, exercise_id: str) -> Exercise:
        """The exercise with this id; KeyError naming the known ids otherwise."""
        for exercise in self.exercises:
            if exercise.id == exercise_id:
                return exercise
        known = ", ".join(exercise.id for exercise in self.exercises)
        raise KeyError(f"no exercise {exercise_id!r} in {self.id} (exercises: {known})")

    @model_validator(mode="after")
    def _unique_ids_and_entries(self) -> Assignment:
        ids: dict[str, int] = {}
        entries: dict[str, int] = {}
        for index, exercise in enumerate(self.exercises):
            if exercise.id in ids:
                raise SpecRuleError(
                    ("exercises", index, "id"),
                    f"duplicate exercise id {exercise.id!r} (also exercises[{ids[exercise.id]}])",
                )
            ids[exercise.id] = index
            if exercise.entry_name in entries:
                raise SpecRuleError(
                    ("exercises", index, "entry"),
                    f"entry {exercise.entry_name!r} is already the entry of "
                    f"exercises[{entries[exercise.entry_name]}]; each exercise needs its own",
                )
            entries[exercise.entry_name] = index
        return self

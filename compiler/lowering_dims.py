"""Lowering with symbolic dimensions (shape polymorphism), as JAX lowers them.

A module whose arguments have symbolic shapes gets a public `@main` taking `tensor<?x4xf32>`
arguments: it computes each dimension variable from an argument's size
(`stablehlo.get_dimension_size`), asserts what the specification says of it (a variable is at
least 1; two dimensions naming one variable agree), and calls `@_wrapped_jax_export_main`, which
takes the dimension variables first (each marked `jax.global_constant = "b"`) and the arguments
after. Every function lowered in the module takes the dimension variables the same way, and an
op whose result shape depends on them is its dynamic variant with a shape operand computed from
them (`dynamic_broadcast_in_dim`, `dynamic_iota`, `dynamic_reshape`).
"""

from __future__ import annotations

import itertools

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func

from meshjit.compiler.errors import MeshjitNotImplementedError
from meshjit.compiler.ir import shape_specs
from meshjit.compiler.ir.shape_poly import (
    FLOORDIV,
    MAX,
    MIN,
    DimExpr,
    UnexpectedDimVar,
    dim_value_dtype,
)
from meshjit.dialects.types import dense_elements

WRAPPED_MAIN = "_wrapped_jax_export_main"


dim_dtype = dim_value_dtype


def is_static(shape) -> bool:
    return all(type(d) is int or not isinstance(d, DimExpr) for d in shape)


def dim_variables(avals) -> tuple[str, ...]:
    """The dimension variables of `avals`' shapes, sorted (the order of the arguments)."""
    names: set[str] = set()
    for a in avals:
        for d in a.shape:
            if isinstance(d, DimExpr):
                names |= d.variables()
    return tuple(sorted(names))


def _emit(name, result_types, operands, attributes=None):
    return ir.Operation.create(name, results=result_types, operands=operands, attributes=attributes)


def eval_dim(mctx, d) -> ir.Value:
    """A rank-0 value of `dim_dtype()` holding dimension `d` (an int or DimExpr), computed
    from the current function's dimension variables."""
    dtype = dim_dtype()
    if not isinstance(d, DimExpr):
        return mctx.scalar_constant(int(d), dtype)
    total = None
    for term, coeff in d.terms:
        value = None if coeff == 1 and term.factors else mctx.scalar_constant(coeff, dtype)
        for factor, exponent in term.factors:
            f = _eval_factor(mctx, factor)
            for _ in range(exponent):
                value = f if value is None else _binary(mctx, "multiply", value, f)
        total = value if total is None else _binary(mctx, "add", total, value)
    return total


def _binary(mctx, op: str, a: ir.Value, b: ir.Value) -> ir.Value:
    return _emit(f"stablehlo.{op}", [a.type], [a, b]).result


def _eval_factor(mctx, factor) -> ir.Value:
    if factor.var is not None:
        env = mctx.dim_env
        if factor.var not in env:
            raise UnexpectedDimVar(factor.var, env)
        return env[factor.var]
    a, b = (eval_dim(mctx, o) for o in factor.operands)
    if factor.operation == MAX:
        return _binary(mctx, "maximum", a, b)
    if factor.operation == MIN:
        return _binary(mctx, "minimum", a, b)
    return _floor_divmod(mctx, a, b)[0 if factor.operation == FLOORDIV else 1]


def _floor_divmod(mctx, a: ir.Value, b: ir.Value):
    """Python's floor division and modulo (StableHLO's divide and remainder truncate)."""
    q = _binary(mctx, "divide", a, b)
    r = _binary(mctx, "remainder", a, b)
    zero = mctx.scalar_constant(0, dim_dtype())
    one = mctx.scalar_constant(1, dim_dtype())
    i1 = ir.RankedTensorType.get([], ir.IntegerType.get_signless(1))

    def compare(direction, x, y):
        attr = ir.Attribute.parse(f"#stablehlo<comparison_direction {direction}>")
        return _emit("stablehlo.compare", [i1], [x, y], {"comparison_direction": attr}).result

    signs_differ = compare("NE", compare("LT", r, zero), compare("LT", b, zero))
    adjust = _binary(mctx, "and", compare("NE", r, zero), signs_differ)
    q = _emit("stablehlo.select", [q.type], [adjust, _binary(mctx, "subtract", q, one), q]).result
    r = _emit("stablehlo.select", [r.type], [adjust, _binary(mctx, "add", r, b), r]).result
    return q, r


def shape_tensor(mctx, shape) -> ir.Value:
    """`shape` as a 1-D tensor of `dim_dtype()`, the shape operand of the dynamic ops."""
    dtype = dim_dtype()
    one = mctx.types.tensor((1,), dtype)
    pieces = [_piece(mctx, one, d) for d in shape]
    if len(pieces) == 1:
        return pieces[0]
    out_type = mctx.types.tensor((len(shape),), dtype)
    if not pieces:
        empty = dense_elements(np.zeros((0,), dtype), mctx.types.element(dtype))
        return _emit("stablehlo.constant", [out_type], [], {"value": empty}).result
    dim = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 0)
    return _emit("stablehlo.concatenate", [out_type], pieces, {"dimension": dim}).result


def _piece(mctx, one, d) -> ir.Value:
    """Dimension `d` as a `tensor<1xi32>`: a constant, or its value reshaped."""
    if isinstance(d, DimExpr):
        return _emit("stablehlo.reshape", [one], [eval_dim(mctx, d)]).result
    value = dense_elements(np.full((1,), d, dim_dtype()), mctx.types.element(dim_dtype()))
    return _emit("stablehlo.constant", [one], [], {"value": value}).result


def broadcast(mctx, x: ir.Value, result_type, shape, dims) -> ir.Value:
    """`broadcast_in_dim` of `x` to `shape`, dynamic when `shape` is symbolic."""
    attrs = {"broadcast_dimensions": mctx.i64_array(dims)}
    if is_static(shape):
        return _emit("stablehlo.broadcast_in_dim", [result_type], [x], attrs).result
    operands = [x, shape_tensor(mctx, shape)]
    return _emit("stablehlo.dynamic_broadcast_in_dim", [result_type], operands, attrs).result


def reshape(mctx, x: ir.Value, result_type, shape) -> ir.Value:
    if is_static(shape):
        return _emit("stablehlo.reshape", [result_type], [x]).result
    return _emit("stablehlo.dynamic_reshape", [result_type], [x, shape_tensor(mctx, shape)]).result


def iota(mctx, result_type, shape, dimension: int) -> ir.Value:
    attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), dimension)
    if is_static(shape):
        return _emit("stablehlo.iota", [result_type], [], {"iota_dimension": attr}).result
    return _emit(
        "stablehlo.dynamic_iota",
        [result_type],
        [shape_tensor(mctx, shape)],
        {"iota_dimension": attr},
    ).result


# ---------------------------------------------------------------------------------------------
# The functions of a module with dimension variables.


def dim_arg_types(mctx) -> list:
    return [mctx.types.tensor((), dim_dtype())] * len(mctx.dim_vars)


def dim_arg_attrs(mctx) -> list[dict]:
    return [{"jax.global_constant": ir.StringAttr.get(v)} for v in mctx.dim_vars]


def dim_operands(mctx) -> list[ir.Value]:
    """The current function's dimension variables, as the leading operands of a call."""
    return [mctx.dim_env[v] for v in mctx.dim_vars]


def export_form(module: ir.Module, in_avals) -> None:
    """Turns a lowered module whose `@main` takes dimension variables (JAX's jit form) into
    JAX's export form: it becomes `@_wrapped_jax_export_main`, and a new public `@main` takes
    the arguments alone, solves the variables from their shapes, checks them and calls it."""
    from meshjit.compiler.lowering import ModuleContext, _set_attrs

    mctx = ModuleContext(module.context, module)
    mctx.dim_vars = dim_variables(in_avals)
    with module.context, ir.Location.unknown():
        wrapped = _function(module, "main")
        free_name(module, WRAPPED_MAIN)
        wrapped.attributes["sym_name"] = ir.StringAttr.get(WRAPPED_MAIN)
        wrapped.attributes["sym_visibility"] = ir.StringAttr.get("private")
        out_types = list(
            ir.FunctionType(ir.TypeAttr(wrapped.attributes["function_type"]).value).results
        )
        arg_attrs = _attr_dicts(wrapped, "arg_attrs")[len(mctx.dim_vars) :]
        in_types = [mctx.tensor_type(a) for a in in_avals]
        with ir.InsertionPoint(wrapped):
            fn = func.FuncOp("main", ir.FunctionType.get(in_types, out_types))
        fn.attributes["sym_visibility"] = ir.StringAttr.get("public")
        _set_attrs(fn, "arg_attrs", arg_attrs, len(in_types))
        _set_attrs(fn, "res_attrs", _attr_dicts(wrapped, "res_attrs"), len(out_types))
        block = fn.add_entry_block()
        with ir.InsertionPoint(block):
            env = solve_dim_vars(mctx, in_avals, list(block.arguments))
            operands = [env[v] for v in mctx.dim_vars] + list(block.arguments)
            call = func.CallOp(out_types, ir.FlatSymbolRefAttr.get(WRAPPED_MAIN), operands)
            func.ReturnOp(list(call.results))
        module.operation.attributes["jax.uses_shape_polymorphism"] = ir.BoolAttr.get(True)


def platform_index_form(module: ir.Module, platforms) -> None:
    """A module exported for several platforms, as JAX's calling convention has it: `@main`
    takes the platform index first (`jax.global_constant = "_platform_index"`). meshjit's
    lowering is the same for every platform, so the index is unused; a CPU-only custom call
    (LAPACK) would be wrong elsewhere, and is refused."""
    from meshjit.compiler.lowering import _set_attrs

    text = str(module)
    if "lapack_" in text:
        raise MeshjitNotImplementedError(
            f"export for platforms {tuple(platforms)}: the function calls LAPACK (CPU's "
            "linear algebra), which meshjit lowers for CPU only; export for ('cpu',)"
        )
    with module.context, ir.Location.unknown():
        main = _function(module, "main")
        free_name(module, _ONE_PLATFORM_MAIN)
        main.attributes["sym_name"] = ir.StringAttr.get(_ONE_PLATFORM_MAIN)
        main.attributes["sym_visibility"] = ir.StringAttr.get("private")
        fn_type = ir.FunctionType(ir.TypeAttr(main.attributes["function_type"]).value)
        index = ir.RankedTensorType.get([], ir.IntegerType.get_signless(32))
        in_types, out_types = list(fn_type.inputs), list(fn_type.results)
        with ir.InsertionPoint(main):
            fn = func.FuncOp("main", ir.FunctionType.get([index, *in_types], out_types))
        fn.attributes["sym_visibility"] = ir.StringAttr.get("public")
        platform = {"jax.global_constant": ir.StringAttr.get("_platform_index")}
        arg_attrs = _attr_dicts(main, "arg_attrs") or [{}] * len(in_types)
        _set_attrs(fn, "arg_attrs", [platform, *arg_attrs], len(in_types) + 1)
        _set_attrs(fn, "res_attrs", _attr_dicts(main, "res_attrs"), len(out_types))
        block = fn.add_entry_block()
        with ir.InsertionPoint(block):
            call = func.CallOp(
                out_types, ir.FlatSymbolRefAttr.get(_ONE_PLATFORM_MAIN), list(block.arguments)[1:]
            )
            func.ReturnOp(list(call.results))
        module.operation.attributes["jax.uses_shape_polymorphism"] = ir.BoolAttr.get(True)


_ONE_PLATFORM_MAIN = "_jax_export_main_any_platform"


def _function(module: ir.Module, name: str):
    return next(op for op in module.body.operations if _name(op) == name)


def _name(op) -> str | None:
    return ir.StringAttr(op.attributes["sym_name"]).value if "sym_name" in op.attributes else None


def free_name(module: ir.Module, name: str) -> None:
    """Renames a function called `name` (an inlined export's: a nested call) to a fresh
    name, so the module's own may take it."""
    names = {_name(op) for op in module.body.operations}
    if name not in names:
        return
    fresh = next(f"{name}_{i}" for i in itertools.count() if f"{name}_{i}" not in names)
    ir.SymbolTable.replace_all_symbol_uses(name, fresh, module.operation)
    _function(module, name).attributes["sym_name"] = ir.StringAttr.get(fresh)


def _attr_dicts(fn, key: str) -> list[dict] | None:
    if key not in fn.attributes:
        return None
    return [
        {named.name: named.attr for named in ir.DictAttr(d)}
        for d in ir.ArrayAttr(fn.attributes[key])
    ]


def solve_dim_vars(mctx, in_avals, args) -> dict[str, ir.Value]:
    """The dimension variables from the arguments' sizes, solved as JAX's
    `_solve_dim_equations` solves them: repeatedly, each dimension that is `k*v + rest` with the
    rest known gives `v`; then `shape_assertion`s with JAX's messages that every dimension, and
    the scope's constraints, agree."""
    specs = [a.shape for a in in_avals]
    where = shape_specs.specs_text(specs)
    env: dict[str, ir.Value] = {}
    mctx.dim_env = env
    found: list = []  # the message's pieces about the solved variables (texts and values)
    pending = [
        (i, axis, d, _dimension_size(mctx, args[i], axis))
        for i, axis, d in shape_specs.symbolic_dims(specs)
    ]

    def check(direction, a, b, head, *detail):
        pieces = [f"Input shapes do not match {head}. ", *detail, where]
        _assert(mctx, direction, a, b, [*pieces, " Obtained dimension variables: ", *found])

    while pending:
        left = [eqn for eqn in pending if not _solve_one(mctx, eqn, env, found, check)]
        if len(left) == len(pending):
            raise shape_specs.unsolvable(specs, [e[:3] for e in left], env)
        pending = left
    for text, op, diff in _explicit_constraints(specs):
        value = eval_dim(mctx, diff)
        words = "equal" if op == "==" else "greater or equal"
        check(
            "EQ" if op == "==" else "GE",
            value,
            _const(mctx, 0),
            f"the symbolic shape constraint {text}",
            f"Expected '{diff}' to be {words} to 0, but found ",
            value,
            ". ",
        )
    return env


_SPEC = "the polymorphic shapes specification"


def _solve_one(mctx, eqn, env: dict, found: list, check) -> bool:
    """Whether dimension `d` of argument i's `axis` (of value `size`) solved a variable or
    was checked (every variable known)."""
    i, axis, d, size = eqn
    unknown = None
    rest = 0
    for term, k in d.terms:
        if set().union(*(f.variables() for f, _ in term.factors)) <= env.keys():
            rest = rest + DimExpr(((term, k),), d.scope)
        elif unknown is None and len(term.factors) == 1 and term.factors[0][1] == 1:
            unknown = (term.factors[0][0].var, k)
            if unknown[0] is None:
                return False
        else:
            return False
    where = f"args[{i}].shape[{axis}]"
    if unknown is None:
        expected = eval_dim(mctx, d)
        if expected is not size:
            check(
                "EQ",
                size,
                expected,
                _SPEC,
                f"Found inconsistency between dimension size {where} (= ",
                size,
                f") and the specification '{d}' (= ",
                expected,
                ").",
            )
        return True
    var, k = unknown
    value = (
        size
        if isinstance(rest, int) and rest == 0
        else _binary(mctx, "subtract", size, eval_dim(mctx, rest))
    )
    if k != 1:
        value, remainder = _floor_divmod(mctx, value, _const(mctx, k))
        check(
            "EQ",
            remainder,
            _const(mctx, 0),
            _SPEC,
            "Division had remainder ",
            remainder,
            f" when computing the value of '{var}'.",
        )
    env[var] = value
    found += [
        f"'{var}' = ",
        value,
        f" from specification '{d}' for dimension {where} (= ",
        size,
        "), ",
    ]
    check(
        "GE", value, _const(mctx, 1), _SPEC, f"Expected value >= 1 for dimension variable '{var}'."
    )
    return True


def _explicit_constraints(specs) -> list:
    scopes = {id(d.scope): d.scope for _, _, d in shape_specs.symbolic_dims(specs)}
    return [c for scope in scopes.values() for c in scope.explicit]


def _const(mctx, value: int) -> ir.Value:
    return mctx.scalar_constant(value, dim_dtype())


def _dimension_size(mctx, x: ir.Value, axis: int) -> ir.Value:
    i32 = mctx.types.tensor((), np.int32)
    attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), axis)
    size = _emit("stablehlo.get_dimension_size", [i32], [x], {"dimension": attr}).result
    if dim_dtype() != np.int32:
        size = _emit("stablehlo.convert", [mctx.types.tensor((), dim_dtype())], [size]).result
    return size


def _assert(mctx, direction: str, a: ir.Value, b: ir.Value, pieces: list) -> None:
    """A `shape_assertion` custom call, as JAX's: the refinement pass checks it against the
    actual shapes and fails with the message of `pieces` (texts, and values shown as `{0}`,
    `{1}`, ... the custom call's operands after the predicate)."""
    i1 = ir.RankedTensorType.get([], ir.IntegerType.get_signless(1))
    attr = ir.Attribute.parse(f"#stablehlo<comparison_direction {direction}>")
    kind = ir.Attribute.parse("#stablehlo<comparison_type SIGNED>")
    ok = _emit(
        "stablehlo.compare", [i1], [a, b], {"comparison_direction": attr, "compare_type": kind}
    ).result
    values: list[ir.Value] = []
    text = ""
    for piece in [*pieces, ". ", _SHAPE_ASSERTION_HELP]:
        if isinstance(piece, str):
            text += piece
            continue
        if not any(piece == v for v in values):
            values.append(piece)
        text += "{%d}" % next(n for n, v in enumerate(values) if v == piece)
    i32 = ir.IntegerType.get_signless(32)
    _emit(
        "stablehlo.custom_call",
        [],
        [ok, *values],
        {
            "call_target_name": ir.StringAttr.get("shape_assertion"),
            "api_version": ir.IntegerAttr.get(i32, 2),
            "error_message": ir.StringAttr.get(text),
            "has_side_effect": ir.BoolAttr.get(True),
        },
    )


_SHAPE_ASSERTION_HELP = (
    "Please see https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors "
    "for more details."
)


def real_dynamic_slice(mctx, x, result_type, starts, limits, strides) -> ir.Value:
    operands = [x, shape_tensor(mctx, starts), shape_tensor(mctx, limits)]
    operands.append(shape_tensor(mctx, strides))
    return _emit("stablehlo.real_dynamic_slice", [result_type], operands).result


def clamp_index(mctx, start: ir.Value, high) -> ir.Value:
    """`start` (an integer scalar) clamped into [0, high], `high` symbolic; int32."""
    i32 = mctx.types.tensor((), np.int32)
    if start.type != i32:
        start = _emit("stablehlo.convert", [i32], [start]).result
    high = eval_dim(mctx, high)
    if high.type != i32:
        high = _emit("stablehlo.convert", [i32], [high]).result
    low = mctx.scalar_constant(0, np.int32)
    return _emit("stablehlo.clamp", [i32], [low, start, high]).result


def dynamic_gather(mctx, result_type, operand, indices, slice_sizes, dims_attr, sorted_):
    """A gather whose slice sizes are symbolic: `stablehlo.dynamic_gather`, the sizes an operand."""
    attrs = {
        "dimension_numbers": dims_attr,
        "indices_are_sorted": ir.BoolAttr.get(bool(sorted_)),
    }
    operands = [operand, indices, shape_tensor(mctx, slice_sizes)]
    return _emit("stablehlo.dynamic_gather", [result_type], operands, attrs).result


def sized_slice(mctx, x, result_type, starts: list, sizes) -> ir.Value:
    """A dynamic_slice of symbolic `sizes` at `starts` (int32 scalars, already clamped): a
    `real_dynamic_slice` from the starts to the starts plus the sizes."""
    i32 = mctx.types.tensor((1,), np.int32)
    pieces = [_emit("stablehlo.reshape", [i32], [s]).result for s in starts]
    n = mctx.types.tensor((len(starts),), np.int32)
    dim = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), 0)
    start = (
        pieces[0]
        if len(pieces) == 1
        else _emit("stablehlo.concatenate", [n], pieces, {"dimension": dim}).result
    )
    size = shape_tensor(mctx, sizes)
    if size.type != n:
        size = _emit("stablehlo.convert", [n], [size]).result
    limit = _emit("stablehlo.add", [n], [start, size]).result
    strides = shape_tensor(mctx, [1] * len(starts))
    if strides.type != n:
        strides = _emit("stablehlo.convert", [n], [strides]).result
    return _emit("stablehlo.real_dynamic_slice", [result_type], [x, start, limit, strides]).result

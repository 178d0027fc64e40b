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

import numpy as np
from jaxlib.mlir import ir
from jaxlib.mlir.dialects import func

from meshjit.compiler.errors import MeshjitValueError
from meshjit.compiler.ir.shape_poly import FLOORDIV, MAX, MIN, DimExpr, dim_value_dtype
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
            raise MeshjitValueError(
                f"Encountered dimension variable '{factor.var}' that is not appearing in the "
                "shapes of the function arguments.\nPlease see "
                "https://docs.jax.dev/en/latest/export/shape_poly.html#dimension-variables-must-be-solvable-from-the-input-shapes"
                " for more details."
            )
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
        wrapped = next(
            op
            for op in module.body.operations
            if op.operation.name == "func.func"
            and ir.StringAttr(op.attributes["sym_name"]).value == "main"
        )
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


def _attr_dicts(fn, key: str) -> list[dict] | None:
    if key not in fn.attributes:
        return None
    return [
        {named.name: named.attr for named in ir.DictAttr(d)}
        for d in ir.ArrayAttr(fn.attributes[key])
    ]


def solve_dim_vars(mctx, in_avals, args) -> dict[str, ir.Value]:
    """Each dimension variable from the first dimension that is the variable alone (or a
    multiple of it plus a constant), then the assertions that every dimension agrees."""
    sizes: dict = {}
    for i, (aval, x) in enumerate(zip(in_avals, args)):
        for axis, d in enumerate(aval.shape):
            if isinstance(d, DimExpr):
                sizes[(i, axis)] = _dimension_size(mctx, x, axis)
    env: dict[str, ir.Value] = {}
    for (i, axis), size in sizes.items():
        d = in_avals[i].shape[axis]
        single = _linear_in_one_var(d)
        if single is not None and single[0] not in env:
            var, k, c = single
            value = size if c == 0 else _binary(mctx, "subtract", size, _const(mctx, c))
            env[var] = value if k == 1 else _binary(mctx, "divide", value, _const(mctx, k))
    missing = [v for v in mctx.dim_vars if v not in env]
    if missing:
        raise MeshjitValueError(
            f"Cannot solve for values of dimension variables {missing}: each must appear in an "
            "argument's dimension alone or as `k*v + c` (see "
            "https://docs.jax.dev/en/latest/export/shape_poly.html#dimension-variables-must-be-solvable-from-the-input-shapes)"
        )
    mctx.dim_env = env
    for var in mctx.dim_vars:
        _assert(
            mctx,
            "GE",
            env[var],
            _const(mctx, 1),
            f"Expected value >= 1 for dimension variable '{var}'",
        )
    for (i, axis), size in sizes.items():
        d = in_avals[i].shape[axis]
        expected = eval_dim(mctx, d)
        if expected is not size:
            _assert(
                mctx,
                "EQ",
                size,
                expected,
                f"Found inconsistency between dimension size args[{i}].shape[{axis}] (= {{0}}) "
                f"and the specification '{d}' (= {{1}})",
            )
    return env


def _const(mctx, value: int) -> ir.Value:
    return mctx.scalar_constant(value, dim_dtype())


def _dimension_size(mctx, x: ir.Value, axis: int) -> ir.Value:
    i32 = mctx.types.tensor((), np.int32)
    attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), axis)
    size = _emit("stablehlo.get_dimension_size", [i32], [x], {"dimension": attr}).result
    if dim_dtype() != np.int32:
        size = _emit("stablehlo.convert", [mctx.types.tensor((), dim_dtype())], [size]).result
    return size


def _linear_in_one_var(d: DimExpr):
    """(v, k, c) when `d` is `k*v + c` with k >= 1, else None."""
    var = None
    k = c = 0
    for term, coeff in d.terms:
        if term.is_constant:
            c = coeff
        elif var is None and len(term.factors) == 1 and term.factors[0][1] == 1:
            var, k = term.factors[0][0].var, coeff
        else:
            return None
    return (var, k, c) if var is not None and k >= 1 else None


def _assert(mctx, direction: str, a: ir.Value, b: ir.Value, message: str) -> None:
    """A `shape_assertion` custom call, as JAX's: the refinement pass checks it against the
    actual shapes and fails with `message` (`{0}`, `{1}` the operand values)."""
    i1 = ir.RankedTensorType.get([], ir.IntegerType.get_signless(1))
    attr = ir.Attribute.parse(f"#stablehlo<comparison_direction {direction}>")
    kind = ir.Attribute.parse("#stablehlo<comparison_type SIGNED>")
    ok = _emit(
        "stablehlo.compare", [i1], [a, b], {"comparison_direction": attr, "compare_type": kind}
    ).result
    text = (
        "Input shapes do not match the polymorphic shapes specification. "
        f"{message}. Please see "
        "https://docs.jax.dev/en/latest/export/shape_poly.html#shape-assertion-errors for more details."
    )
    i32 = ir.IntegerType.get_signless(32)
    _emit(
        "stablehlo.custom_call",
        [],
        [ok, a, b],
        {
            "call_target_name": ir.StringAttr.get("shape_assertion"),
            "api_version": ir.IntegerAttr.get(i32, 2),
            "error_message": ir.StringAttr.get(text),
            "has_side_effect": ir.BoolAttr.get(True),
        },
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

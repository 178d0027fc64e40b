# Autodidax-style: a tiny interpreter stack (eval, JVP and batching traces) over a handful of
# primitives, run on jax.numpy arrays and compared with jax.jvp / jax.vmap / jax.grad
from contextlib import contextmanager
import numpy as np
import jax
import jax.numpy as jnp


class Primitive:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


add_p, mul_p, neg_p, sin_p, cos_p, reduce_sum_p = map(
    Primitive, ["add", "mul", "neg", "sin", "cos", "reduce_sum"])


def add(x, y): return bind1(add_p, x, y)
def mul(x, y): return bind1(mul_p, x, y)
def neg(x): return bind1(neg_p, x)
def sin(x): return bind1(sin_p, x)
def cos(x): return bind1(cos_p, x)
def reduce_sum(x, axis=None): return bind1(reduce_sum_p, x, axis=axis)


class MainTrace:
    def __init__(self, level, trace_type):
        self.level, self.trace_type = level, trace_type


trace_stack = []


@contextmanager
def new_main(trace_type):
    level = len(trace_stack)
    main = MainTrace(level, trace_type)
    trace_stack.append(main)
    try:
        yield main
    finally:
        trace_stack.pop()


class Trace:
    def __init__(self, main):
        self.main = main


class Tracer:
    __array_priority__ = 1000

    def __add__(self, other): return add(self, other)
    __radd__ = __add__

    def __mul__(self, other): return mul(self, other)
    __rmul__ = __mul__

    def __neg__(self): return neg(self)


class EvalTrace(Trace):
    pure = lift = lambda self, x: x

    def process_primitive(self, primitive, tracers, params):
        return impl_rules[primitive](*tracers, **params)


trace_stack.append(MainTrace(0, EvalTrace))
impl_rules = {
    add_p: lambda x, y: [jnp.add(x, y)], mul_p: lambda x, y: [jnp.multiply(x, y)],
    neg_p: lambda x: [jnp.negative(x)], sin_p: lambda x: [jnp.sin(x)],
    cos_p: lambda x: [jnp.cos(x)],
    reduce_sum_p: lambda x, axis: [jnp.sum(x, axis)],
}


def bind1(prim, *args, **params):
    out, = bind(prim, *args, **params)
    return out


def bind(prim, *args, **params):
    top_trace = find_top_trace(args)
    tracers = [full_raise(top_trace, arg) for arg in args]
    outs = top_trace.process_primitive(prim, tracers, params)
    return [full_lower(out) for out in outs]


def find_top_trace(xs):
    top_main = max((x._trace.main for x in xs if isinstance(x, Tracer)),
                   default=trace_stack[0], key=lambda m: m.level)
    return top_main.trace_type(top_main)


def full_lower(val):
    return val


def full_raise(trace, val):
    if not isinstance(val, Tracer):
        return trace.pure(val)
    if val._trace.main is trace.main:
        return val
    if val._trace.main.level < trace.main.level:
        return trace.lift(val)
    raise Exception("different traces at the same level")


class JVPTracer(Tracer):
    def __init__(self, trace, primal, tangent):
        self._trace, self.primal, self.tangent = trace, primal, tangent


class JVPTrace(Trace):
    def pure(self, val):
        return JVPTracer(self, val, jnp.zeros_like(val))
    lift = pure

    def process_primitive(self, primitive, tracers, params):
        primals_in = [t.primal for t in tracers]
        tangents_in = [t.tangent for t in tracers]
        primal_outs, tangent_outs = jvp_rules[primitive](primals_in, tangents_in, **params)
        return [JVPTracer(self, x, t) for x, t in zip(primal_outs, tangent_outs)]


jvp_rules = {
    add_p: lambda p, t: ([add(*p)], [add(*t)]),
    mul_p: lambda p, t: ([mul(*p)], [add(mul(p[0], t[1]), mul(t[0], p[1]))]),
    sin_p: lambda p, t: ([sin(p[0])], [mul(cos(p[0]), t[0])]),
    cos_p: lambda p, t: ([cos(p[0])], [mul(neg(sin(p[0])), t[0])]),
    neg_p: lambda p, t: ([neg(p[0])], [neg(t[0])]),
    reduce_sum_p: lambda p, t, axis: ([reduce_sum(p[0], axis)], [reduce_sum(t[0], axis)]),
}


def jvp_v1(f, primals, tangents):
    with new_main(JVPTrace) as main:
        trace = JVPTrace(main)
        tracers_in = [JVPTracer(trace, x, t) for x, t in zip(primals, tangents)]
        out = f(*tracers_in)
        tracer_out = full_raise(trace, out)
        return tracer_out.primal, tracer_out.tangent


class BatchTracer(Tracer):
    def __init__(self, trace, val, batch_dim):
        self._trace, self.val, self.batch_dim = trace, val, batch_dim


not_mapped = None


class BatchTrace(Trace):
    pure = lift = lambda self, val: BatchTracer(self, val, not_mapped)

    def process_primitive(self, primitive, tracers, params):
        vals_in = [t.val for t in tracers]
        bdims_in = [t.batch_dim for t in tracers]
        val_outs, bdim_outs = vmap_rules[primitive](vals_in, bdims_in, **params)
        return [BatchTracer(self, x, bd) for x, bd in zip(val_outs, bdim_outs)]


def move_to_front(x, bd):
    return jnp.moveaxis(x, bd, 0)


def binop_batch(op):
    def rule(vals, dims):
        (x, y), (xd, yd) = vals, dims
        if xd != yd:
            if xd is not_mapped:
                x, xd = jnp.broadcast_to(x, (y.shape[yd],) + jnp.shape(x)), 0
                y = move_to_front(y, yd)
            elif yd is not_mapped:
                y, yd = jnp.broadcast_to(y, (x.shape[xd],) + jnp.shape(y)), 0
                x = move_to_front(x, xd)
            else:
                x, y = move_to_front(x, xd), move_to_front(y, yd)
        return [op(x, y)], [0 if xd != yd else xd]
    return rule


def unop_batch(op):
    return lambda vals, dims: ([op(vals[0])], [dims[0]])


def reduce_sum_batch(vals, dims, axis):
    x, d = vals[0], dims[0]
    x = move_to_front(x, d)
    return [reduce_sum(x, tuple(a + 1 for a in axis))], [0]


vmap_rules = {add_p: binop_batch(add), mul_p: binop_batch(mul), sin_p: unop_batch(sin),
              cos_p: unop_batch(cos), neg_p: unop_batch(neg), reduce_sum_p: reduce_sum_batch}


def vmap_flat(f, in_axes, *args):
    axis_size, = {x.shape[ax] for x, ax in zip(args, in_axes) if ax is not not_mapped}
    with new_main(BatchTrace) as main:
        trace = BatchTrace(main)
        tracers_in = [BatchTracer(trace, x, ax) for x, ax in zip(args, in_axes)]
        out = full_raise(trace, f(*tracers_in))
        return move_to_front(out.val, out.batch_dim) if out.batch_dim is not None else out.val


def f(x):
    y = sin(x) * 2.
    z = - y + x
    return z


x = jnp.array(3.0)
print(f(x), jvp_v1(f, (x,), (1.0,)))
print(jax.jvp(lambda x: -jnp.sin(x) * 2. + x, (x,), (1.0,)))
deriv = lambda f: lambda x: jvp_v1(f, (x,), (1.0,))[1]
print(deriv(deriv(sin))(x), jax.grad(jax.grad(jnp.sin))(x))
v = jnp.arange(3.0)
print(vmap_flat(lambda a, b: reduce_sum(mul(a, b) + sin(a), (0,)), (0, None), jnp.ones((4, 3)), v))
print(jax.vmap(lambda a, b: jnp.sum(a * b + jnp.sin(a), 0), (0, None))(jnp.ones((4, 3)), v))
print(jvp_v1(lambda a: vmap_flat(lambda r: reduce_sum(mul(r, r), (0,)), (0,), a),
             (jnp.arange(6.).reshape(2, 3),), (jnp.ones((2, 3)),)))
print(np.allclose(vmap_flat(f, (0,), v), jax.vmap(lambda t: -jnp.sin(t) * 2. + t)(v)))

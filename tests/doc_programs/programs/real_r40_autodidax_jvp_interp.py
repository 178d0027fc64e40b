# An Autodidax-lite: a tiny tracing interpreter stack (eval and JVP) over primitives written in
# Python, checked against jax.jvp / jax.grad / jax.make_jaxpr on the same functions
import operator
from contextlib import contextmanager

import jax
import jax.numpy as jnp
import numpy as np


class Primitive:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return self.name


add_p, mul_p, neg_p, sin_p, cos_p = (Primitive(n) for n in ["add", "mul", "neg", "sin", "cos"])


class MainTrace:
    def __init__(self, level, trace_type):
        self.level, self.trace_type = level, trace_type


trace_stack = []


@contextmanager
def new_main(trace_type):
    main = MainTrace(len(trace_stack), trace_type)
    trace_stack.append(main)
    try:
        yield main
    finally:
        trace_stack.pop()


class Tracer:
    def __add__(self, o):
        return add(self, o)

    __radd__ = __add__

    def __mul__(self, o):
        return mul(self, o)

    __rmul__ = __mul__

    def __neg__(self):
        return neg(self)


class EvalTrace:
    def __init__(self, main):
        self.main = main

    def pure(self, x):
        return x

    def process_primitive(self, prim, tracers, params):
        return impl_rules[prim](*tracers)


impl_rules = {add_p: np.add, mul_p: np.multiply, neg_p: np.negative, sin_p: np.sin, cos_p: np.cos}
trace_stack.append(MainTrace(0, EvalTrace))


class JVPTracer(Tracer):
    def __init__(self, trace, primal, tangent):
        self._trace, self.primal, self.tangent = trace, primal, tangent


class JVPTrace:
    def __init__(self, main):
        self.main = main

    def pure(self, val):
        return JVPTracer(self, val, np.zeros_like(val))

    def process_primitive(self, prim, tracers, params):
        primals = [t.primal for t in tracers]
        tangents = [t.tangent for t in tracers]
        p, t = jvp_rules[prim](primals, tangents)
        return JVPTracer(self, p, t)


def find_top_trace(xs):
    top = max((x._trace.main for x in xs if isinstance(x, Tracer)), default=trace_stack[0], key=lambda m: m.level)
    return top.trace_type(top)


def full_raise(trace, val):
    if not isinstance(val, Tracer):
        return trace.pure(val)
    if val._trace.main is trace.main:
        return val
    return trace.pure(val)


def bind(prim, *args, **params):
    trace = find_top_trace(args)
    tracers = [full_raise(trace, a) for a in args]
    return trace.process_primitive(prim, tracers, params)


def add(x, y):
    return bind(add_p, x, y)


def mul(x, y):
    return bind(mul_p, x, y)


def neg(x):
    return bind(neg_p, x)


def sin(x):
    return bind(sin_p, x)


def cos(x):
    return bind(cos_p, x)


jvp_rules = {
    add_p: lambda p, t: (add(*p), add(*t)),
    mul_p: lambda p, t: (mul(*p), add(mul(p[0], t[1]), mul(t[0], p[1]))),
    neg_p: lambda p, t: (neg(*p), neg(*t)),
    sin_p: lambda p, t: (sin(p[0]), mul(cos(p[0]), t[0])),
    cos_p: lambda p, t: (cos(p[0]), mul(neg(sin(p[0])), t[0])),
}


def my_jvp(f, primals, tangents):
    with new_main(JVPTrace) as main:
        trace = JVPTrace(main)
        tracers_in = [JVPTracer(trace, x, t) for x, t in zip(primals, tangents)]
        out = f(*tracers_in)
        tracer_out = full_raise(trace, out)
        return tracer_out.primal, tracer_out.tangent


def f_mine(x):
    y = sin(x) * 2.0
    z = -y + x
    return z


def f_jax(x):
    y = jnp.sin(x) * 2.0
    return -y + x


x, xdot = 3.0, 1.0
print(my_jvp(f_mine, (x,), (xdot,)))
print(jax.jvp(f_jax, (x,), (xdot,)))
p1, t1 = my_jvp(f_mine, (x,), (xdot,))
p2, t2 = jax.jvp(f_jax, (x,), (xdot,))
print(np.allclose(p1, p2), np.allclose(t1, t2))


def deriv(f):
    return lambda x: my_jvp(f, (x,), (1.0,))[1]


print(deriv(sin)(3.0), deriv(deriv(sin))(3.0), deriv(deriv(deriv(sin)))(3.0))
print(jax.grad(jnp.sin)(3.0), jax.grad(jax.grad(jnp.sin))(3.0), jax.grad(jax.grad(jax.grad(jnp.sin)))(3.0))


def f_loop(x):
    out = 0.0
    for i in range(3):
        out = out + sin(x * float(i + 1))
    return out


def f_loop_jax(x):
    return sum(jnp.sin(x * float(i + 1)) for i in range(3))


print(deriv(f_loop)(1.5), jax.grad(f_loop_jax)(1.5))
print(jax.make_jaxpr(f_jax)(3.0))
print(jax.make_jaxpr(jax.grad(f_jax))(3.0))
print(jax.make_jaxpr(lambda x: jax.jvp(f_jax, (x,), (1.0,)))(3.0))

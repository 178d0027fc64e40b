"""debug_print (compiler/lax/debug_print.py): the equation debug.print binds and what it prints
under jit, vmap, grad and eagerly (JAX's jaxpr text is compared in
tests/test_api_names_round41.py)."""

import meshjit
import meshjit.numpy as jnp


def test_binds_debug_print_with_static_leaves_apart():
    f = lambda x, y: meshjit.debug.print("{} {} {k}", y, "lit", k=x, ordered=True)
    (eqn,) = meshjit.make_jaxpr(f)(1.0, jnp.arange(2)).jaxpr.eqns
    assert eqn.primitive.name == "debug_print" and len(eqn.invars) == 2
    assert eqn.params["static_args"] == ((1, "lit"),) and eqn.params["ordered"]
    assert eqn.params["has_placeholders"] and eqn.params["logging_record"] is None


def test_prints_under_transformations(capfd):
    meshjit.jit(lambda x, y: meshjit.debug.print("a {x} {} {}", y, "lit", x=x))(1.0, jnp.arange(2))
    meshjit.vmap(lambda x: meshjit.debug.print("v {}", x))(jnp.arange(3))
    meshjit.grad(lambda x: (meshjit.debug.print("g {}", x), x * 2)[1])(1.0)
    meshjit.debug.print("eager {}", jnp.arange(2))
    meshjit.effects_barrier()
    assert capfd.readouterr().out.split("\n") == [
        "a 1.0 [0 1] lit",
        "v 0",
        "v 1",
        "v 2",
        "g 1.0",
        "eager [0 1]",
        "",
    ]

"""jax.interpreters.partial_eval's entry points programs use, as JAX 0.10.2's: a wrapped
function (jax.extend.linear_util.wrap_init) traced on avals into (jaxpr, out_avals, consts), and
dce_jaxpr of unused outputs (jaxprs written here as JAX 0.10.2 prints them)."""

import numpy as np

from meshjit.extend import core
from meshjit.extend.linear_util import wrap_init
from meshjit.interpreters import partial_eval as pe

W = np.ones(3, np.float32)
AVALS = [core.ShapedArray((3,), np.float32), core.ShapedArray((), np.float32)]


def _traced():
    return pe.trace_to_jaxpr_dynamic(wrap_init(lambda x, y: [x * W + 1, y * 2, x.sum()]), AVALS)


def test_trace_to_jaxpr_dynamic_as_jax():
    jaxpr, out_avals, consts = _traced()
    assert str(jaxpr) == (
        "{ lambda a:f32[3]; b:f32[3] c:f32[]. let\n"
        "    d:f32[3] = mul b a\n"
        "    e:f32[3] = add d 1.0:f32[]\n"
        "    f:f32[] = mul c 2.0:f32[]\n"
        "    g:f32[] = reduce_sum[axes=(0,) out_sharding=None] b\n"
        "  in (e, f, g) }"
    )
    assert [str(a) for a in out_avals] == ["float32[3]", "float32[]", "float32[]"]
    assert [np.shape(c) for c in consts] == [(3,)]


def test_dce_jaxpr_drops_unused_outputs_and_inputs():
    jaxpr, _, _ = _traced()
    first, used = pe.dce_jaxpr(jaxpr, [True, False, False])
    assert used == [True, False]
    assert str(first) == (
        "{ lambda a:f32[3]; b:f32[3]. let\n"
        "    c:f32[3] = mul b a\n"
        "    d:f32[3] = add c 1.0:f32[]\n"
        "  in (d,) }"
    )
    second, used = pe.dce_jaxpr(jaxpr, [False, True, False], instantiate=True)
    assert used == [True, True]
    assert (
        str(second)
        == "{ lambda a:f32[3]; b:f32[3] c:f32[]. let d:f32[] = mul c 2.0:f32[] in (d,) }"
    )

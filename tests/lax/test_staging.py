"""lax.stage, lax.dce_sink and lax.shape_as_value as JAX 0.10.2's (jaxprs, modules and values
written here as JAX 0.10.2 gives them)."""

import numpy as np

import meshjit
import meshjit.numpy as jnp
from meshjit import lax


def test_dce_sink_keeps_a_use_and_only_prevent_mlir_dce_reaches_the_module():
    assert str(meshjit.make_jaxpr(lambda x: lax.dce_sink(x))(1.0)) == (
        "{ lambda ; a:f32[]. let dce_sink[prevent_mlir_dce=False] a in () }"
    )
    kept = meshjit.jit(lambda x: (lax.dce_sink(x, prevent_mlir_dce=True), x * 2)[1])
    assert (
        'stablehlo.custom_call @dce_sink(%arg0) {backend_config = "", has_side_effect = true, '
        "mhlo.backend_config = {}, operand_layouts = [dense<> : tensor<0xindex>], result_layouts "
        "= []} : (tensor<f32>) -> ()"
    ) in kept.lower(1.0).as_text()
    assert float(kept(1.0)) == 2.0
    dropped = meshjit.jit(lambda x: (lax.dce_sink(x), x * 2)[1])
    assert "dce_sink" not in dropped.lower(1.0).as_text()
    assert np.asarray(
        meshjit.vmap(lambda x: (lax.dce_sink(x), x * 2)[1])(jnp.ones(2))
    ).tolist() == [2, 2]
    assert float(meshjit.grad(lambda x: (lax.dce_sink(x), x * 2)[1])(1.0)) == 2.0


def test_stage_and_shape_as_value():
    assert str(meshjit.make_jaxpr(lambda x: lax.stage(np.ones(2)) + x)(1.0)) == (
        "{ lambda a:f32[2]; b:f32[]. let\n"
        "    c:f32[] = convert_element_type[new_dtype=float32 weak_type=False] b\n"
        "    d:f32[2] = add a c\n"
        "  in (d,) }"
    )
    assert repr(lax.stage(1.0)) == "Array(1., dtype=float32, weak_type=True)"
    shape = lax.shape_as_value((3, 4))
    assert type(shape) is np.ndarray and shape.dtype == np.int32 and shape.tolist() == [3, 4]
    assert repr(lax.shape_as_value(())) == "Array([], shape=(0,), dtype=int32)"

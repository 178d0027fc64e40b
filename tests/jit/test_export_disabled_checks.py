"""export.DisabledSafetyCheck as JAX 0.10.2's: its two builders, `is_custom_call`, and an
Exported's `disabled_safety_checks` holding them (printed as JAX prints them) through
serialization; a disabled platform check lets an artifact for another platform run here."""

import meshjit
import meshjit.numpy as jnp
from meshjit.export import DisabledSafetyCheck


def test_builders_as_jax():
    assert str(DisabledSafetyCheck.platform()) == "platform"
    assert repr(DisabledSafetyCheck.custom_call("foo")) == "custom_call:foo"
    assert DisabledSafetyCheck.custom_call("foo").is_custom_call() == "foo"
    assert DisabledSafetyCheck.platform().is_custom_call() is None
    assert DisabledSafetyCheck.platform() == DisabledSafetyCheck.platform()


def test_exported_keeps_them_through_serialization():
    checks = [DisabledSafetyCheck.platform(), DisabledSafetyCheck.custom_call("foo")]
    exp = meshjit.export.export(meshjit.jit(jnp.sin), disabled_checks=checks)(jnp.ones(2))
    assert repr(exp.disabled_safety_checks) == "(platform, custom_call:foo)"
    back = meshjit.export.deserialize(exp.serialize())
    assert back.disabled_safety_checks == tuple(checks)


def test_disabled_platform_check_runs_another_platforms_artifact():
    exp = meshjit.export.export(
        meshjit.jit(jnp.sin), platforms=["tpu"], disabled_checks=[DisabledSafetyCheck.platform()]
    )(jnp.zeros(2))
    assert exp.call(jnp.zeros(2)).tolist() == [0.0, 0.0]

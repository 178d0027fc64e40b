"""meshjit.extend.backend (jax.extend.backend): the CPU client and its devices, JAX's error for
another platform, and clearing compiled programs."""

import pytest

import meshjit
from meshjit.extend import backend


def test_the_backend_is_the_cpu_client_of_meshjit_s_devices():
    client = backend.get_backend()
    assert client is backend.get_backend("cpu") and client.platform == "cpu"
    assert backend.backends() == {"cpu": client}
    assert list(client.devices()) == meshjit.devices()
    assert backend.get_default_device() == meshjit.devices()[0]
    assert backend.backend_xla_version() is None  # as JAX's CPU client


def test_another_platform_is_jax_s_runtime_error():
    with pytest.raises(RuntimeError, match="Unknown backend: 'gpu' requested"):
        backend.get_backend("gpu")


def test_clearing_backends_forgets_compiled_programs():
    traces = []
    f = meshjit.jit(lambda x: traces.append(1) or x + 1)
    f(1.0)
    backend.clear_backends()
    f(1.0)
    assert len(traces) == 2

# Device-local array layouts (jax.experimental.layout): Array.format, a compiled function's
# input and output formats, Layout / Format objects, and the runtime executable
import jax
import jax.numpy as jnp
from jax.experimental.layout import Format, Layout
from jax.sharding import NamedSharding, PartitionSpec as P

x = jnp.arange(24.0).reshape(2, 3, 4)
print(x.format)
print(x.format.layout.major_to_minor, x.format.layout.tiling,
      x.format.layout.sub_byte_element_size_in_bits)


def f(a, b):
    return jnp.einsum("ijk,ijk->ij", a, b), a.sum()


compiled = jax.jit(f).lower(x, x).compile()
args_formats, kwargs_formats = compiled.input_formats
print(len(args_formats), kwargs_formats, args_formats[0] == x.format)
print(compiled.output_formats)
print(type(compiled.runtime_executable()).__name__)
out = compiled(x, x)
print(out[0].format == compiled.output_formats[0], out[1].format.layout)
mesh = jax.make_mesh((4, 2), ("data", "model"))
y = jax.device_put(jnp.ones((8, 4)), NamedSharding(mesh, P("data", "model")))
print(y.format.layout, y.format.sharding.spec)
c2 = jax.jit(lambda v: v * 2).lower(y).compile()
print(c2.input_formats[0][0].sharding == y.sharding, c2.output_formats.layout)
print(Format(), Format(Layout.AUTO), Layout((1, 0)))
print(Layout((0, 1)) == Layout((0, 1), None), Layout((0, 1)).update(major_to_minor=(1, 0)))
try:
    Format(Layout((0, 1)))
except ValueError as e:
    print("ValueError", str(e)[:40])
print(Format(Layout((1, 0)), y.sharding).sharding.spec)
unused = jax.jit(lambda a, b: a + 1).lower(x, x).compile()
print(unused.input_formats[0][1])

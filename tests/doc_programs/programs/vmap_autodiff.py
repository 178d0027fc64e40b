# Automatic vectorization + Automatic differentiation tutorials
import jax
import jax.numpy as jnp

x = jnp.arange(5)
w = jnp.array([2., 3., 4.])


def convolve(x, w):
    output = []
    for i in range(1, len(x)-1):
        output.append(jnp.dot(x[i-1:i+2], w))
    return jnp.array(output)


print(convolve(x, w))
xs = jnp.stack([x, x])
ws = jnp.stack([w, w])


def manually_batched_convolve(xs, ws):
    output = []
    for i in range(xs.shape[0]):
        output.append(convolve(xs[i], ws[i]))
    return jnp.stack(output)


print(manually_batched_convolve(xs, ws))


def manually_vectorized_convolve(xs, ws):
    output = []
    for i in range(1, xs.shape[-1] - 1):
        output.append(jnp.sum(xs[:, i-1:i+2] * ws, axis=1))
    return jnp.stack(output, axis=1)


print(manually_vectorized_convolve(xs, ws))
auto_batch_convolve = jax.vmap(convolve)
print(auto_batch_convolve(xs, ws))
auto_batch_convolve_v2 = jax.vmap(convolve, in_axes=1, out_axes=1)
xst = jnp.transpose(xs)
wst = jnp.transpose(ws)
print(auto_batch_convolve_v2(xst, wst))
batch_convolve_v3 = jax.vmap(convolve, in_axes=[0, None])
print(batch_convolve_v3(xs, w))
jitted_batch_convolve = jax.jit(auto_batch_convolve)
print(jitted_batch_convolve(xs, ws))

# --- autodiff
grad_tanh = jax.grad(jnp.tanh)
print(grad_tanh(2.0))
print(jax.grad(jax.grad(jnp.tanh))(2.0))
print(jax.grad(jax.grad(jax.grad(jnp.tanh)))(2.0))

f = lambda x: x**3 + 2*x**2 - 3*x + 1
dfdx = jax.grad(f)
d2fdx = jax.grad(dfdx)
d3fdx = jax.grad(d2fdx)
d4fdx = jax.grad(d3fdx)
print(dfdx(1.))
print(d2fdx(1.))
print(d3fdx(1.))
print(d4fdx(1.))

key = jax.random.key(0)


def sigmoid(x):
    return 0.5 * (jnp.tanh(x / 2) + 1)


def predict(W, b, inputs):
    return sigmoid(jnp.dot(inputs, W) + b)


inputs = jnp.array([[0.52, 1.12,  0.77],
                    [0.88, -1.08, 0.15],
                    [0.52, 0.06, -1.30],
                    [0.74, -2.49, 1.39]])
targets = jnp.array([True, True, False, True])


def loss(W, b):
    preds = predict(W, b, inputs)
    label_probs = preds * targets + (1 - preds) * (1 - targets)
    return -jnp.sum(jnp.log(label_probs))


key, W_key, b_key = jax.random.split(key, 3)
W = jax.random.normal(W_key, (3,))
b = jax.random.normal(b_key, ())
W_grad = jax.grad(loss, argnums=0)(W, b)
print(f'{W_grad=}')
W_grad = jax.grad(loss, 0)(W, b)
print(f'{W_grad=}')
b_grad = jax.grad(loss, 1)(W, b)
print(f'{b_grad=}')
W_grad, b_grad = jax.grad(loss, (0, 1))(W, b)
print(f'{W_grad=}')
print(f'{b_grad=}')


def loss2(params_dict):
    preds = predict(params_dict['W'], params_dict['b'], inputs)
    label_probs = preds * targets + (1 - preds) * (1 - targets)
    return -jnp.sum(jnp.log(label_probs))


print(jax.grad(loss2)({'W': W, 'b': b}))
loss_value, Wb_grad = jax.value_and_grad(loss, (0, 1))(W, b)
print('loss value', loss_value)
print('loss value', loss(W, b))

eps = 1e-4
b_grad_numerical = (loss(W, b + eps / 2.) - loss(W, b - eps / 2.)) / eps
print('b_grad_numerical', b_grad_numerical)
print('b_grad_autodiff', jax.grad(loss, 1)(W, b))

from jax.test_util import check_grads
check_grads(loss, (W, b), order=2)
print("check_grads ok")


def loss_aux(W, b):
    preds = predict(W, b, inputs)
    return loss(W, b), preds


g, aux = jax.grad(loss_aux, has_aux=True)(W, b)
print(g, aux)

try:
    jax.grad(lambda x: x)(1)
except Exception as e:
    print(type(e).__name__)
try:
    jax.grad(lambda x: jnp.stack([x, x]))(1.0)
except Exception as e:
    print(type(e).__name__)
try:
    print(jax.grad(lambda x: x, allow_int=True)(1))
except Exception as e:
    print(type(e).__name__)
print(jax.grad(lambda x, n: x * n, allow_int=True, argnums=(0, 1))(2., 3))

# Object-detection post-processing: anchors on a feature grid, box regression deltas decoded
# to corner boxes, sigmoid class scores, pairwise IoU, greedy non-maximum suppression written
# as a fixed-size lax.fori_loop with masks (jit-friendly, padded output with valid counts),
# per-class NMS by vmap, a max-pool peak finder (reduce_window) for a CenterNet-style heatmap
import jax
import jax.numpy as jnp

GRID, STRIDE = 6, 8.0
SIZES = jnp.array([[12.0, 12.0], [24.0, 16.0]])
cy, cx = jnp.meshgrid((jnp.arange(GRID) + 0.5) * STRIDE, (jnp.arange(GRID) + 0.5) * STRIDE, indexing="ij")
centers = jnp.stack([cx.ravel(), cy.ravel()], -1)
anchors = jnp.concatenate([jnp.repeat(centers, 2, axis=0), jnp.tile(SIZES, (GRID * GRID, 1))], axis=1)
print("anchors:", anchors.shape, "first:", anchors[0])


def decode(anchors, deltas):
    xy = anchors[:, :2] + deltas[:, :2] * anchors[:, 2:]
    wh = anchors[:, 2:] * jnp.exp(jnp.clip(deltas[:, 2:], -4, 4))
    return jnp.concatenate([xy - wh / 2, xy + wh / 2], axis=1)


def iou_matrix(a, b):
    lt = jnp.maximum(a[:, None, :2], b[None, :, :2])
    rb = jnp.minimum(a[:, None, 2:], b[None, :, 2:])
    inter = jnp.prod(jnp.clip(rb - lt, 0), axis=-1)
    area = lambda x: jnp.prod(x[:, 2:] - x[:, :2], axis=-1)
    return inter / (area(a)[:, None] + area(b)[None] - inter)


def nms(boxes, scores, iou_thresh=0.5, score_thresh=0.3, max_out=8):
    order = jnp.argsort(-scores)
    boxes, scores = boxes[order], scores[order]
    ious = iou_matrix(boxes, boxes)
    n = boxes.shape[0]

    def body(i, keep):
        suppressed = jnp.any(keep & (ious[i] > iou_thresh) & (jnp.arange(n) < i))
        return keep.at[i].set((scores[i] > score_thresh) & ~suppressed)

    keep = jax.lax.fori_loop(0, n, body, jnp.zeros(n, bool))
    idx = jnp.nonzero(keep, size=max_out, fill_value=-1)[0]
    valid = idx >= 0
    return jnp.where(valid, order[jnp.maximum(idx, 0)], -1), jnp.sum(keep)


key = jax.random.key(71)
kd, ks = jax.random.split(key)
deltas = 0.1 * jax.random.normal(kd, (anchors.shape[0], 4))
boxes = decode(anchors, deltas)
logits = jax.random.normal(ks, (anchors.shape[0], 3)) * 2 - 1
scores = jax.nn.sigmoid(logits)
print("decoded boxes valid:", bool(jnp.all(boxes[:, 2:] > boxes[:, :2])))
print("self IoU is 1:", bool(jnp.allclose(jnp.diag(iou_matrix(boxes, boxes)), 1.0)))

kept, count = jax.jit(nms)(boxes, scores[:, 0])
print("class 0 kept indices:", kept, "count:", int(count))
per_class, counts = jax.jit(jax.vmap(nms, in_axes=(None, 1)))(boxes, scores)
print("per-class counts:", counts)
sel = per_class[0][per_class[0] >= 0]
print("kept boxes overlap below threshold:", bool(jnp.all(jnp.triu(iou_matrix(boxes[sel], boxes[sel]), 1) <= 0.5)))
print("kept scores descending:", bool(jnp.all(jnp.diff(scores[sel, 0]) <= 0)))

yy, xx = jnp.mgrid[0:24, 0:24]
heat = sum(jnp.exp(-((xx - px) ** 2 + (yy - py) ** 2) / 8.0) * amp for px, py, amp in ((5, 6, 1.0), (17, 9, 0.8), (11, 19, 0.6)))
pooled = jax.lax.reduce_window(heat, -jnp.inf, jax.lax.max, (3, 3), (1, 1), "SAME")
peaks = (heat == pooled) & (heat > 0.3)
ys, xs = jnp.nonzero(peaks, size=5, fill_value=-1)
print("heatmap peaks:", [(int(y), int(x)) for y, x in zip(ys, xs) if y >= 0])
top_vals, top_idx = jax.lax.top_k(jnp.where(peaks, heat, 0.0).ravel(), 3)
print("top peaks:", jnp.round(top_vals, 3), "at", jnp.stack(jnp.unravel_index(top_idx, heat.shape), 1).tolist())

# Feature engineering on a small tabular data set with missing values: NaN-aware statistics
# (nanmean, nanstd, nanmedian, nanpercentile), median imputation, quantile binning with
# jnp.quantile / digitize, one-hot and target encoding of a categorical column by
# unique(return_inverse) + segment sums, group-by aggregates, lexsort ordering, winsorising with
# clip, a standardised design matrix and a ridge fit through the normal equations, and
# k-fold cross-validation with array_split
import jax
import jax.numpy as jnp
import numpy as np

rng = np.random.default_rng(0)
N = 60
age = rng.normal(40, 12, N)
income = np.exp(rng.normal(10, 0.5, N))
city = rng.choice(np.array([3, 7, 11, 19]), N)
age[rng.choice(N, 6, replace=False)] = np.nan
income[rng.choice(N, 4, replace=False)] = np.nan
target = 0.05 * np.nan_to_num(age, nan=40) + 0.3 * (city == 7) + rng.normal(0, 0.2, N)
age, income, city, target = (jnp.asarray(a, dtype=jnp.float32 if a.dtype.kind == "f" else jnp.int32) for a in (age, income, city, target))
print(int(jnp.isnan(age).sum()), int(jnp.isnan(income).sum()), city.dtype)
print(f"{float(jnp.nanmean(age)):.3f}", f"{float(jnp.nanstd(age)):.3f}", f"{float(jnp.nanmedian(income)):.1f}")
print(jnp.round(jnp.nanpercentile(age, jnp.array([5.0, 50.0, 95.0])), 2))
print(f"{float(jnp.nanmax(income)):.1f}", int(jnp.nanargmin(age)), f"{float(jnp.nanvar(age, ddof=1)):.2f}")

age_f = jnp.where(jnp.isnan(age), jnp.nanmedian(age), age)
log_inc = jnp.log(jnp.where(jnp.isnan(income), jnp.nanmedian(income), income))
edges = jnp.quantile(age_f, jnp.array([0.25, 0.5, 0.75]))
age_bin = jnp.digitize(age_f, edges)
print(jnp.round(edges, 2), jnp.bincount(age_bin, length=4))
print(jnp.round(jnp.quantile(age_f, 0.3, method="nearest"), 3), jnp.round(jnp.quantile(age_f, 0.3, method="midpoint"), 3))

cats, inv, counts = jnp.unique(city, return_inverse=True, return_counts=True)
sums = jax.ops.segment_sum(target, inv, num_segments=cats.shape[0])
prior, m = target.mean(), 5.0
te = (sums + m * prior) / (counts + m)
print(cats, counts, jnp.round(te, 3))
city_te = te[inv]
group_max = jax.ops.segment_max(age_f, inv, num_segments=cats.shape[0])
print(jnp.round(group_max, 2))
order = jnp.lexsort((-age_f, city))
print(order[:5], bool(jnp.all(jnp.diff(city[order]) >= 0)))
wins = jnp.clip(log_inc, *jnp.percentile(log_inc, jnp.array([5.0, 95.0])))

X = jnp.column_stack([age_f, wins, city_te, jax.nn.one_hot(age_bin, 4)[:, 1:], jax.nn.one_hot(inv, 4)[:, 1:]])
Xs = (X - X.mean(0)) / (X.std(0) + 1e-8)
Xs = jnp.column_stack([jnp.ones(N), Xs])
print(X.shape, Xs.dtype, bool(jnp.allclose(Xs[:, 1:].mean(0), 0.0, atol=1e-5)))


def ridge(X, y, lam):
    A = X.T @ X + lam * jnp.eye(X.shape[1]).at[0, 0].set(0.0)
    return jnp.linalg.solve(A, X.T @ y)


folds = jnp.array_split(jax.random.permutation(jax.random.key(0), N), 5)
print([f.shape[0] for f in folds])


def cv_error(lam):
    errs = []
    for i, test in enumerate(folds):
        train = jnp.concatenate([f for j, f in enumerate(folds) if j != i])
        beta = ridge(Xs[train], target[train], lam)
        errs.append(jnp.mean((Xs[test] @ beta - target[test]) ** 2))
    return jnp.mean(jnp.stack(errs))


lams = [0.01, 1.0, 100.0]
cv = [float(cv_error(lv)) for lv in lams]
print([f"{c:.4f}" for c in cv], lams[int(np.argmin(cv))] < 100.0)

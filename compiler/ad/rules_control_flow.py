"""jvp and transpose rules of cond, while and scan.

cond and scan are linearized inside their jvp rules (as pjit is): a primal cond / scan computes
the outputs and the residuals (a cond's branches each return every branch's residuals, zeros
for the others'; a scan stacks its residuals as extra outputs), and a linear one the tangents.
Transposing a linear cond transposes each branch; a linear scan runs backwards, carrying the
cotangents of its carry and of its linear consts. while has a jvp only: its trip count depends
on primal values, so reverse mode goes through scan / fori_loop with static bounds.
"""

from __future__ import annotations

from meshjit.compiler.ad.transform import (
    aval_of,
    defjvp,
    deftranspose,
    eval_closed,
    instantiate,
    instantiate_cts,
    is_undefined,
    jvp_eval,
    jvp_nonzeros,
    linearize_jaxpr,
    trace_to_jaxpr,
    transpose_jaxpr,
    zeros_like_aval,
)
from meshjit.compiler.lax import control_flow as cf
from meshjit.compiler.lax import wrappers as lax

# ---------------------------------------------------------------------------------------------
# cond.


def _merged(funs, avals):
    """Traces each fun over `avals`; returns (shared consts, closure-converted jaxprs)."""
    return cf._merge_consts([trace_to_jaxpr(f, avals) for f in funs])


@defjvp(cf.cond_p)
def _cond_jvp(primals, tangents, *, branches):
    index, *args = primals
    nonzeros = [t is not None for t in tangents[1:]]
    ts = [t for t in tangents[1:] if t is not None]
    t_avals = [aval_of(t) for t in ts]
    lins = [linearize_jaxpr(b, nonzeros, t_avals) for b in branches]
    n = len(branches[0].out_avals)
    offsets = [sum(lin.num_res for lin in lins[:i]) for i in range(len(lins))]

    def forward(i):
        def fun(*xs):
            outs = eval_closed(lins[i].fwd, xs)
            res = []
            for j, lin in enumerate(lins):
                res += outs[n:] if i == j else [zeros_like_aval(a) for a in lin.res_avals]
            return outs[:n] + res

        return fun

    consts, fwd = _merged([forward(i) for i in range(len(lins))], branches[0].in_avals)
    outs = cf.cond_p.bind(index, *consts, *args, branches=tuple(fwd))
    res_avals = [a for lin in lins for a in lin.res_avals]

    def linear(i):
        def fun(*xs):
            start, lin = offsets[i], lins[i]
            return eval_closed(lin.lin, [*xs[start : start + lin.num_res], *xs[len(res_avals) :]])

        return fun

    consts, lin = _merged([linear(i) for i in range(len(lins))], res_avals + t_avals)
    touts = cf.cond_p.bind(index, *consts, *outs[n:], *ts, branches=tuple(lin))
    return outs[:n], touts


@deftranspose(cf.cond_p)
def _cond_transpose(cts, index, *args, branches):
    linear = [is_undefined(a) for a in args]
    ct_avals = [None if ct is None else aval_of(ct) for ct in cts]
    consts, bwd = cf._merge_consts([transpose_jaxpr(b, linear, ct_avals) for b in branches])
    known = [a for a in args if not is_undefined(a)]
    given = [ct for ct in cts if ct is not None]
    outs = iter(cf.cond_p.bind(index, *consts, *known, *given, branches=tuple(bwd)))
    return [None] + [next(outs) if lin else None for lin in linear]


# ---------------------------------------------------------------------------------------------
# while: the carry grows a tangent per nonzero carry; the predicate reads the primals.


def _carry_fixed_point(body, nonzeros, nconsts, ncarry):
    """Which carries have nonzero tangents once the body has run any number of times."""
    carry = list(nonzeros[nconsts : nconsts + ncarry])
    while True:
        pattern = nonzeros[:nconsts] + carry + nonzeros[nconsts + ncarry :]
        out = jvp_nonzeros(body, pattern)[:ncarry]
        grown = [a or b for a, b in zip(carry, out)]
        if grown == carry:
            return carry
        carry = grown


@defjvp(cf.while_p)
def _while_jvp(primals, tangents, *, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts):
    cond_consts = primals[:cond_nconsts]
    rest, t_rest = primals[cond_nconsts:], tangents[cond_nconsts:]
    ncarry = len(rest) - body_nconsts
    nonzeros = [t is not None for t in t_rest]
    carry_nz = _carry_fixed_point(body_jaxpr, nonzeros, body_nconsts, ncarry)
    consts_nz = nonzeros[:body_nconsts]
    carry, t_consts = rest[body_nconsts:], [t for t in t_rest[:body_nconsts] if t is not None]
    t_carry = [
        instantiate(t, aval_of(c)) for t, c, nz in zip(t_rest[body_nconsts:], carry, carry_nz) if nz
    ]
    n_tc = len(t_consts)

    def body(*xs):
        consts, tcs = xs[:body_nconsts], iter(xs[body_nconsts : body_nconsts + n_tc])
        c = xs[body_nconsts + n_tc : body_nconsts + n_tc + ncarry]
        tc = iter(xs[body_nconsts + n_tc + ncarry :])
        ts = [next(tcs) if nz else None for nz in consts_nz]
        ts += [next(tc) if nz else None for nz in carry_nz]
        outs, touts = jvp_eval(body_jaxpr.jaxpr, body_jaxpr.consts, [*consts, *c], ts)
        return outs + [instantiate(t, aval_of(o)) for t, o, nz in zip(touts, outs, carry_nz) if nz]

    avals = [aval_of(x) for x in (*rest[:body_nconsts], *t_consts, *carry, *t_carry)]
    b_consts, (body_j,) = cf._merge_consts([trace_to_jaxpr(body, avals)])

    def cond(*xs):
        return eval_closed(cond_jaxpr, [*xs[:cond_nconsts], *xs[cond_nconsts:][:ncarry]])

    c_avals = [aval_of(x) for x in (*cond_consts, *carry, *t_carry)]
    c_consts, (cond_j,) = cf._merge_consts([trace_to_jaxpr(cond, c_avals)])
    outs = cf.while_p.bind(
        *c_consts, *cond_consts, *b_consts, *rest[:body_nconsts], *t_consts, *carry, *t_carry,
        cond_jaxpr=cond_j, body_jaxpr=body_j,
        cond_nconsts=len(c_consts) + cond_nconsts,
        body_nconsts=len(b_consts) + body_nconsts + n_tc,
    )  # fmt: skip
    it = iter(outs[ncarry:])
    return outs[:ncarry], [next(it) if nz else None for nz in carry_nz]


# ---------------------------------------------------------------------------------------------
# scan.


@defjvp(cf.scan_p)
def _scan_jvp(primals, tangents, *, jaxpr, num_consts, num_carry, **params):
    nc, nk = num_consts, num_carry
    nonzeros = [t is not None for t in tangents]
    carry_nz = _carry_fixed_point(jaxpr, nonzeros, nc, nk)
    nonzeros = nonzeros[:nc] + carry_nz + nonzeros[nc + nk :]
    ts = [instantiate(t, aval_of(p)) for t, p, nz in zip(tangents, primals, nonzeros) if nz]
    t_avals = [a for a, nz in zip(jaxpr.in_avals, nonzeros) if nz]
    lin = linearize_jaxpr(jaxpr, nonzeros, t_avals)
    fwd_consts, (fwd,) = cf._merge_consts([lin.fwd])
    outs = cf.scan_p.bind(
        *fwd_consts,
        *primals,
        jaxpr=fwd,
        num_consts=len(fwd_consts) + nc,
        num_carry=nk,
        **params,
    )
    n_out = len(jaxpr.out_avals)
    res = outs[n_out:]
    n_tconsts, n_tcarry = sum(nonzeros[:nc]), sum(carry_nz)

    def body(*xs):
        # scan order: (tangent consts, tangent carry, residuals, tangent xs)
        t_consts, t_carry = xs[:n_tconsts], xs[n_tconsts : n_tconsts + n_tcarry]
        rest = xs[n_tconsts + n_tcarry :]
        r, t_xs = rest[: lin.num_res], rest[lin.num_res :]
        touts = eval_closed(lin.lin, [*r, *t_consts, *t_carry, *t_xs])
        carry_t = [t for t, nz in zip(touts[:nk], carry_nz) if nz]
        return carry_t + touts[nk:]

    n_lead = n_tconsts + n_tcarry
    avals = t_avals[:n_lead] + list(lin.res_avals) + t_avals[n_lead:]
    l_consts, (lin_body,) = cf._merge_consts([trace_to_jaxpr(body, avals)])
    touts = cf.scan_p.bind(
        *l_consts,
        *ts[: n_tconsts + n_tcarry],
        *res,
        *ts[n_tconsts + n_tcarry :],
        jaxpr=lin_body,
        num_consts=len(l_consts) + n_tconsts,
        num_carry=n_tcarry,
        **params,
    )
    it = iter(touts[:n_tcarry])
    return outs[:n_out], [next(it) if nz else None for nz in carry_nz] + touts[n_tcarry:]


@deftranspose(cf.scan_p)
def _scan_transpose(cts, *args, jaxpr, num_consts, num_carry, length, reverse, unroll):
    nc, nk = num_consts, num_carry
    consts, carry, xs = args[:nc], args[nc : nc + nk], args[nc + nk :]
    # The carry of a linear scan is linear even where its initial value is a known zero.
    lin_consts = [is_undefined(c) for c in consts]
    lin_xs = [is_undefined(x) for x in xs]
    known_consts = [c for c in consts if not is_undefined(c)]
    known_xs = [x for x in xs if not is_undefined(x)]
    linear = lin_consts + [True] * nk + lin_xs
    out_avals = jaxpr.out_avals
    bwd = transpose_jaxpr(jaxpr, linear, list(out_avals))
    acc_avals = [a for a, lin in zip(jaxpr.in_avals[:nc], lin_consts) if lin]
    n_acc, n_kc, n_kx = len(acc_avals), len(known_consts), len(known_xs)

    def body(*vals):
        # scan order: (known consts, [const ct accumulators, carry cts], [known xs, y cts])
        kc, acc = vals[:n_kc], vals[n_kc : n_kc + n_acc]
        ct_carry = vals[n_kc + n_acc : n_kc + n_acc + nk]
        start = n_kc + n_acc + nk
        kx, ct_y = vals[start : start + n_kx], vals[start + n_kx :]
        cts_in = eval_closed(bwd, [*kc, *kx, *ct_carry, *ct_y])
        ct_consts, ct_carry_in = cts_in[:n_acc], cts_in[n_acc : n_acc + nk]
        ct_xs = cts_in[n_acc + nk :]
        return [*(lax.add(a, c) for a, c in zip(acc, ct_consts)), *ct_carry_in, *ct_xs]

    carry_avals = jaxpr.in_avals[nc : nc + nk]
    x_avals = jaxpr.in_avals[nc + nk :]
    known_x_avals = [a for a, lin in zip(x_avals, lin_xs) if not lin]
    body_avals = [
        *(aval_of(c) for c in known_consts),
        *acc_avals,
        *carry_avals,
        *known_x_avals,
        *out_avals[nk:],
    ]
    b_consts, (bwd_body,) = cf._merge_consts([trace_to_jaxpr(body, body_avals)])
    ct_carry = instantiate_cts(cts[:nk], [aval_of(c) for c in carry])
    stacked = [a.update(shape=(length, *a.shape)) for a in out_avals[nk:]]
    ct_ys = instantiate_cts(cts[nk:], stacked)
    outs = cf.scan_p.bind(
        *b_consts, *known_consts, *(zeros_like_aval(a) for a in acc_avals), *ct_carry,
        *known_xs, *ct_ys,
        jaxpr=bwd_body, num_consts=len(b_consts) + n_kc, num_carry=n_acc + nk, length=length,
        reverse=not reverse, unroll=unroll,
    )  # fmt: skip
    ct_consts, ct_init = iter(outs[:n_acc]), outs[n_acc : n_acc + nk]
    ct_xs = iter(outs[n_acc + nk :])
    return (
        [next(ct_consts) if lin else None for lin in lin_consts]
        + [ct if is_undefined(c) else None for ct, c in zip(ct_init, carry)]
        + [next(ct_xs) if lin else None for lin in lin_xs]
    )

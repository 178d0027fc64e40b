"""A dict-like view of one of meshjit's rule tables that stores rules written to JAX's
conventions and registers them, adapted, in the table."""

from __future__ import annotations

from collections.abc import MutableMapping


class RuleView(MutableMapping):
    """`view[prim] = rule` registers `adapt(prim, rule)` in `table`; reading gives `rule` back
    (or meshjit's own rule for meshjit's primitives)."""

    def __init__(self, table, adapt):
        self._table, self._adapt, self._user = table, adapt, {}

    def __setitem__(self, prim, rule):
        self._user[prim] = rule
        self._table.register(prim, self._adapt(prim, rule))

    def __getitem__(self, prim):
        if prim in self._user:
            return self._user[prim]
        return self._table[prim]

    def __delitem__(self, prim):
        self._user.pop(prim, None)
        del self._table[prim]

    def __iter__(self):
        return iter(self._table)

    def __len__(self):
        return len(self._table)

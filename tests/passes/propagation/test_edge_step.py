"""One edge's step (passes/propagation/edge_step.py), checked against jaxlib's Shardy."""

from __future__ import annotations

from meshjit.dialects import make_context
from tests.support import shardy_suite

# A group member on a maximal mesh (one device) and a member sharded on @mesh.
_MAXIMAL_MEMBER = """
sdy.mesh @mesh = <["b"=2, "c"=2]>
sdy.mesh @maximal_mesh1 = <[], device_ids=[1]>
func.func @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@maximal_mesh1, []>})
    -> (tensor<16x8xf32>, tensor<16x8xf32>) {
  %v = stablehlo.negate %arg0 : tensor<16x8xf32>
  sdy.sharding_group %v group_id=3 : tensor<16x8xf32>
  sdy.sharding_group %arg0 group_id=3 : tensor<16x8xf32>
  %w = stablehlo.abs %arg0 : tensor<16x8xf32>
  %u = stablehlo.multiply %v, %v : tensor<16x8xf32>
  %s = sdy.sharding_constraint %u <@mesh, [{"c"}, {"b"}]> : tensor<16x8xf32>
  return %s, %w : tensor<16x8xf32>, tensor<16x8xf32>
}
"""


def test_default_mode_moves_a_maximal_group_member_to_the_groups_mesh():
    """As Shardy's group sync: the member on one device takes the sharding the group took, and
    propagates from there (meshjit's own mode too, not only the Shardy-compatible one)."""
    with make_context():
        shardy = shardy_suite.value_shardings(
            shardy_suite.run(_MAXIMAL_MEMBER, "sdy-propagation-pipeline")
        )
        mine = shardy_suite.value_shardings(
            shardy_suite.run(
                _MAXIMAL_MEMBER, "meshjit-propagate,meshjit-export{pin-dot-plans=false}"
            )
        )
    for key in ("@main arg0", "@main #2 stablehlo.abs 0"):
        assert '"c"' in shardy[key], (key, shardy[key])
        assert mine[key] == shardy[key], (key, mine[key], shardy[key])

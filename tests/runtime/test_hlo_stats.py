"""The collectives of partitioned HLO and the bytes they move (compiler/runtime/hlo_stats.py)."""

from meshjit.compiler.runtime.hlo_stats import by_kind, collective_stats, group_size


def test_collectives_with_long_tuples_are_counted():
    hlo = (
        "%a = (f32[4,1,4]{2,1,0}, f32[4,1,4]{2,1,0}, f32[4,1,4]{2,1,0}, f32[4,1,4]{2,1,0}, "
        "f32[4,1,4]{2,1,0}, /*index=5*/f32[4,1,4]{2,1,0}, f32[4,1,4]{2,1,0}, f32[4,1,4]{2,1,0}) "
        "all-to-all(%b), replica_groups=[1,8]<=[8]\n"
    )
    assert collective_stats(hlo) == (1, 512, 448)


def test_collective_stats_parser():
    hlo = (
        "  %all-gather = f32[8,16]{1,0} all-gather(f32[4,16]{1,0} %p), dimensions={0}\n"
        "  %ar = (f32[4]{0}, bf16[2,2]{1,0}) all-reduce-start(%a, %b), to_apply=%add\n"
    )
    # No replica groups given: groups of 8.
    result = 8 * 16 * 4 + 4 * 4 + 2 * 2 * 2
    moved = 8 * 16 * 4 * 7 / 8 + (4 * 4 + 2 * 2 * 2) * 2 * 7 / 8
    assert collective_stats(hlo) == (2, result, round(moved))
    assert by_kind(hlo) == {
        "all-gather": (1, round(8 * 16 * 4 * 7 / 8)),
        "all-reduce": (1, round((4 * 4 + 2 * 2 * 2) * 2 * 7 / 8)),
    }
    assert group_size("replica_groups=mesh['axis_0'=2,'axis_1'=4] {'axis_1'}, dims") == 4
    # A sub-axis: the minor half of 'axis_1'.
    assert group_size("replica_groups=mesh['axis_0'=2,'axis_1'=4] {'axis_1':(2)2}, x") == 2
    assert group_size("replica_groups=mesh['a'=2,'b'=4] {'a','b':(1)2}, x") == 4
    assert group_size("replica_groups={{0,1},{2,3}}, x") == 2
    assert group_size("replica_groups=[2,4]<=[8]") == 4

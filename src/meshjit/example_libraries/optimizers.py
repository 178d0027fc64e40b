"""meshjit.example_libraries.optimizers (implemented in
meshjit.compiler.example_libraries.optimizers)."""

from meshjit.compiler.example_libraries.optimizers import (  # noqa: F401
    JoinPoint,
    Optimizer,
    OptimizerState,
    __all__,
    adagrad,
    adam,
    adamax,
    clip_grads,
    constant,
    exponential_decay,
    inverse_time_decay,
    l2_norm,
    make_schedule,
    momentum,
    nesterov,
    optimizer,
    pack_optimizer_state,
    piecewise_constant,
    polynomial_decay,
    rmsprop,
    rmsprop_momentum,
    sgd,
    sm3,
    unpack_optimizer_state,
)

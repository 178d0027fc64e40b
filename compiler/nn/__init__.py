"""meshjit.compiler.nn: neural-network functions written over meshjit.numpy and lax
(functions.py: activations, softmax / log_softmax / logsumexp, standardize, one_hot); the
`meshjit.nn` facade re-exports them."""

"""Sessions (cookie -> user) and the sign-in providers (local, ggg)."""

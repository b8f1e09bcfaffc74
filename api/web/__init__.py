"""HTTP: the FastAPI app, its routes, middleware and problem responses."""

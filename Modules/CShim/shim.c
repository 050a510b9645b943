// Intentionally empty: CShim only re-exports system declarations (see include/CShim.h).

// The lodestone command-line program (skeleton; the foundation issue fills it).
print("lodestone: not yet available")

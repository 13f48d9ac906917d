/**
 * Settings of every connection the app opens (libpq `options`), shared with the bench's raw
 * baseline so both run statements alike. JIT compilation is off: PostgreSQL compiles any
 * statement whose estimated cost passes jit_above_cost (100,000), and a search's one statement
 * (six groups' parts, whose never-run fallbacks are costed too) passes it — compiling took
 * 60–300 ms a search at 1M posts, for statements that run in 5–50 ms. Short statements on
 * indexes, which is all this app sends, never gain from it.
 */
export const CONNECTION_OPTIONS = '-c jit=off';

/**
 * The bound for a test that runs a hostile input through a pattern made linear: Vitest fails a
 * synchronous test that overran its timeout. Each such input takes about 0.1 s of CPU here; a
 * quadratic pattern on 1 MB takes minutes. 5 s was overrun at load 25-30 on 2 cores (one took 5.9 s
 * of wall time for 0.1 s of CPU), so the bound is 30 s: still far below any super-linear case.
 */
export const LINEAR = { timeout: 30_000 };

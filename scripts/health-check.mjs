// The image's HEALTHCHECK: exit 0 when the server on this machine answers /api/health with 200.
// Liveness only: it says that the process answers, not that the stores behind it do.
const port = process.env.PORT || 3000;
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(4_000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}

/**
 * What the production server (srvx) writes for an answer made as a whole body: its status, headers
 * and the body it sends as it is. Throws for a standard Response, whose body srvx reads from a stream.
 */
export function asServerWrites(response: Response): { body: unknown; headers: string[] } {
  const prepared = (response as Response & { _toNodeResponse?: () => { body: unknown; headers: string[] } })._toNodeResponse?.();
  if (!prepared) throw new Error("not an answer srvx writes directly");
  return prepared;
}

/** The log field that links an entry to its request's trace in Cloud Logging. */
export const TRACE_FIELD = "logging.googleapis.com/trace";

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
const CLOUD_TRACE_CONTEXT = /^([0-9a-f]{32})(?:\/|;|$)/;

/**
 * The request's trace as Cloud Logging names it, `projects/{project}/traces/{trace id}`, from the
 * W3C `traceparent` header, else Google's `X-Cloud-Trace-Context` (`TRACE_ID/SPAN_ID;o=1`), which
 * Cloud Run's front end adds; nothing without a project or a trace id (all zeros is none).
 */
export function traceFields(headers: Headers, projectId: string | undefined): { readonly [TRACE_FIELD]?: string } {
  if (!projectId) return {};
  const traceId =
    TRACEPARENT.exec(headers.get("traceparent")?.trim().toLowerCase() ?? "")?.[1] ??
    CLOUD_TRACE_CONTEXT.exec(headers.get("X-Cloud-Trace-Context")?.trim().toLowerCase() ?? "")?.[1];
  if (!traceId || /^0+$/.test(traceId)) return {};
  return { [TRACE_FIELD]: `projects/${projectId}/traces/${traceId}` };
}

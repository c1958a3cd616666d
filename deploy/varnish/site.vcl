vcl 4.1;
# Varnish in front of the site (docs/cdn.md): it keeps what the site marks public (the shared
# pages, `s-maxage`), never what it marks private, and drops pages by surrogate key when the site
# purges a publish. The backend is the deployment's: `backend.vcl` on the vcl_path defines
# `backend site { … }` (deploy/varnish/backend.example.vcl).

import std;

include "backend.vcl";

# Who may purge: the site's own instances. Widen it to their network where Varnish runs.
acl purgers {
  "127.0.0.1";
  "::1";
}

sub vcl_recv {
  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(405, "Not allowed"));
    }
    # Keys are letters, digits, ":", "/", "_" and "-" (surrogate-keys.ops.ts): nothing a regex reads.
    if (req.http.Surrogate-Key !~ "^[A-Za-z0-9:/_ -]+$") {
      return (synth(400, "Surrogate-Key missing or malformed"));
    }
    # Every object carrying any of the keys as one of its space-separated tokens.
    ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(regsuball(req.http.Surrogate-Key, "^\s+|\s+$", ""), "\s+", "|") + ")(\s|$)");
    return (synth(200, "Purged"));
  }
  if (req.method != "GET" && req.method != "HEAD") {
    return (pass);
  }
  # The editor's preview shows drafts: never from the cache (the site answers it private anyway).
  if (req.url ~ "[?&]_storyblok") {
    return (pass);
  }
  # A page's answer depends on its path and its page state only (search, page, category): other
  # parameters (utm_…, fbclid…) would each make an entry of their own, so they are left out.
  if (req.url ~ "^/(es|en|val)/" && req.url ~ "\?") {
    set req.http.X-Page-State = regsuball(regsub(req.url, "^[^?]*\?", "&"), "&(?!(?:search|page|category)=)[^&]*", "");
    set req.url = regsub(req.url, "\?.*$", "") + regsub(req.http.X-Page-State, "^&", "?");
    unset req.http.X-Page-State;
  }
  set req.url = std.querysort(req.url);
  if (req.http.Authorization) {
    return (pass);
  }
  # Cookies do not change a shared page (the same bytes for everyone): look it up even with them.
  # The site marks every personal answer private, which is never stored.
  return (hash);
}

sub vcl_backend_response {
  # Only what the site marks public is kept: requests are looked up with their cookies, so an
  # answer that does not say it is the same for everyone must never be served to anyone else.
  if (beresp.http.Cache-Control !~ "(?i)(^|[ ,])public([ ,]|$)") {
    set beresp.uncacheable = true;
    set beresp.ttl = 120s;
    return (deliver);
  }
  # Beyond that the builtin rules: never an answer that sets a cookie; `s-maxage` is the lifetime,
  # `stale-while-revalidate` the grace in which a stale page is served while it is fetched again.
}

sub vcl_deliver {
  # The keys are for purging here, not for browsers.
  unset resp.http.Surrogate-Key;
  if (obj.hits > 0) {
    set resp.http.X-Cache = "hit";
  } else {
    set resp.http.X-Cache = "miss";
  }
}

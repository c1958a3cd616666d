# The site behind Varnish: copy to backend.vcl on Varnish's vcl_path, with the site's address
# (a load balancer in front of the instances, or one instance).
backend site {
  .host = "127.0.0.1";
  .port = "3000";
  .first_byte_timeout = 30s;
}

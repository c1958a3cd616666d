/** Tickets stay out of search results. */
export default function Head() {
  return <meta name="robots" content="noindex" />;
}

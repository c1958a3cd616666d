// Crawlers, link unfurlers and monitors: they get a status and a minimal body, not the error page.
const BOT_USER_AGENT =
  // "bot" as a word or a product token ("Googlebot/2.1", "bingbot/2.0"), never inside a name (CUBOT phones).
  /\bbot\b|[a-z]bot\/|crawler|spider|crawling|slurp|facebookexternalhit|embedly|quora link preview|whatsapp|telegrambot|discordbot|bingpreview|lighthouse|pingdom|uptimerobot|headlesschrome\/[\d.]+ \(compatible|curl\/|wget\/|python-requests|go-http-client/i;

export function isBot(userAgent: string | null | undefined): boolean {
  if (!userAgent) return false;
  return BOT_USER_AGENT.test(userAgent);
}

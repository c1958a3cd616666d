import { openDatabase } from "../../adapters/embedded/database/open-database";
import { createSqliteNewsletterSubscriptions } from "../../adapters/embedded/forms/sqlite-newsletter-subscriptions.adapter";
import { newsletterSubscriptionsContract } from "./newsletter-subscriptions.contract";

newsletterSubscriptionsContract("The embedded SQLite newsletter list", async () => {
  const db = openDatabase(":memory:");
  return { port: createSqliteNewsletterSubscriptions(db), close: async () => void db.close() };
});

import { openDatabase } from "../../adapters/local/database/open-database";
import { createSqliteNewsletterSubscriptions } from "../../adapters/local/forms/sqlite-newsletter-subscriptions.adapter";
import { newsletterSubscriptionsContract } from "./newsletter-subscriptions.contract";

newsletterSubscriptionsContract("The embedded SQLite newsletter list", async () => {
  const db = openDatabase(":memory:");
  return { port: createSqliteNewsletterSubscriptions(db), close: async () => void db.close() };
});

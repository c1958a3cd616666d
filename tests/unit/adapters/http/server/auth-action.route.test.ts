import { describe, expect, it } from "vitest";
import { authActionRoute } from "../../../../../adapters/http/server/auth-action.route";
import { DEFAULT_LOCALE_SETTINGS } from "../../../../../core";

const app = authActionRoute({ locale: DEFAULT_LOCALE_SETTINGS });
const landing = async (query: string) => {
  const response = await app.request(`/?${query}`);
  return { status: response.status, location: response.headers.get("location") };
};

describe("GET /auth/action (Firebase's action URL)", () => {
  it("sends each kind of link to the site's own page, in the mail's language", async () => {
    expect(await landing("mode=verifyEmail&oobCode=AbC-123_x&apiKey=k&lang=ca")).toEqual({ status: 302, location: "/val/verify-email/?code=AbC-123_x" });
    expect(await landing("mode=resetPassword&oobCode=AbC-123_x&lang=en")).toEqual({ status: 302, location: "/en/reset-password/?code=AbC-123_x" });
    expect(await landing("mode=verifyEmail&oobCode=AbC")).toEqual({ status: 302, location: "/es/verify-email/?code=AbC" });
    expect(await landing("mode=signIn&oobCode=AbC-123_x&apiKey=k&lang=en")).toEqual({ status: 302, location: "/en/login/?code=AbC-123_x" });
  });

  it("sends mangled or unknown links home, never off the site", async () => {
    for (const query of ["mode=recoverEmail&oobCode=x&lang=es", "mode=verifyEmail&lang=es", "mode=verifyEmail&oobCode=%2F%2Fevil.example&lang=es", "mode=resetPassword&oobCode=a%20b&lang=es"]) {
      expect(await landing(query)).toEqual({ status: 302, location: "/es/" });
    }
  });
});

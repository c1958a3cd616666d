import { createActor, waitFor } from "xstate";
import { describe, expect, it } from "vitest";
import {
  storyEditingActors,
  storyEditorMachine,
  storyEditorView,
  type BlockContent,
  type ComponentDefinition,
  type EditorAsset,
  type OpenedStory,
  type StoryEditing,
  type StoryEditingFailure,
} from "../../../../../core";

const failure = (reason: StoryEditingFailure["reason"], message: string, issues: string[] = []): StoryEditingFailure => ({ reason, message, issues });

/** The editor's server in memory: one story, versions that change on every write, one password. */
function fakeServer() {
  let version = 1;
  let draft: BlockContent = { _uid: "root", component: "page", title: "Hola" };
  let published = draft;
  let previous: BlockContent | undefined;
  const created: { uuid: string; name: string; slug: string }[] = [];
  let signedIn = false;
  const writes: string[] = [];
  const componentLanguages: string[] = [];
  const check = (based: string) => {
    if (!signedIn) throw failure("signed-out", "api.error.unauthorized");
    if (based !== String(version)) throw failure("stale", "editor.error.stale");
  };
  const editing: StoryEditing = {
    signIn: async (password) => {
      if (password !== "right") throw failure("wrong-password", "account.error.wrongPassword");
      signedIn = true;
    },
    signOut: async () => {
      signedIn = false;
    },
    stories: async () => [
      { uuid: "s1", id: 1, name: "Home", fullSlug: "home", parentId: null, isFolder: false, component: "page", published: true, unpublishedChanges: false, version: String(version) },
      ...created.map((story, index) => ({ uuid: story.uuid, id: 2 + index, name: story.name, fullSlug: story.slug, parentId: null, isFolder: false, component: "page", published: false, unpublishedChanges: false, version: "1" })),
    ],
    createStory: async (story) => {
      if (!signedIn) throw failure("signed-out", "api.error.unauthorized");
      if (story.slug === "home" || created.some((other) => other.slug === story.slug)) throw failure("invalid", "editor.error.storyExists");
      const uuid = `new-${created.length + 1}`;
      created.push({ uuid, name: story.name, slug: story.slug });
      return uuid;
    },
    components: async (language): Promise<ComponentDefinition[]> => {
      componentLanguages.push(language);
      return [
        { name: "page", display_name: language === "val" ? "Pàgina" : "Page", schema: { title: { type: "text", translatable: true }, hero: { type: "bloks", pos: 1 } } },
        { name: "slide", display_name: "Slide", schema: { title: { type: "text", display_name: "Title", translatable: true, required: true }, link: { type: "multilink", display_name: "Link", required: true } } },
      ];
    },
    assets: async () => [],
    open: async (uuid) => {
      const fresh = created.find((story) => story.uuid === uuid);
      if (fresh) {
        const content = { _uid: `c-${uuid}`, component: "page", title: fresh.name };
        return { story: { uuid, id: 9, name: fresh.name, fullSlug: fresh.slug, published: false, unpublishedChanges: false }, content, version: "1", canUndoPublish: false, previews: { es: "/es/", en: "/en/", val: "/val/" } } satisfies OpenedStory;
      }
      if (uuid !== "s1") throw failure("unavailable", "api.error.notFound");
      return {
        story: { uuid, id: 1, name: "Home", fullSlug: "home", published: true, unpublishedChanges: draft !== published },
        content: draft,
        version: String(version),
        canUndoPublish: previous !== undefined,
        previews: { es: "/es/", en: "/en/", val: "/val/" },
      } satisfies OpenedStory;
    },
    saveDraft: async (_uuid, content, based) => {
      check(based);
      if (content.title === "") throw failure("invalid", "api.error.invalidContent", ["default: title: required"]);
      draft = content;
      writes.push("save");
      return String((version += 1));
    },
    publish: async (_uuid, based) => {
      check(based);
      previous = published;
      published = draft;
      writes.push("publish");
      return String((version += 1));
    },
    discardDraft: async (_uuid, based) => {
      check(based);
      draft = published;
      writes.push("discard");
      return String((version += 1));
    },
    undoPublish: async (_uuid, based) => {
      check(based);
      if (!previous) throw failure("unavailable", "feedback.error.generic");
      published = previous;
      previous = undefined;
      writes.push("undo");
      return String((version += 1));
    },
    uploadAsset: async (_file, alt) => ({ id: 9, filename: "/a/f/1/10x10/abc/x.png", alt, title: "", shortFilename: "x.png", contentType: "image/png", width: 10, height: 10 }) satisfies EditorAsset,
  };
  return {
    editing,
    writes,
    componentLanguages,
    published: () => published,
    draft: () => draft,
    /** Someone else saves the story meanwhile. */
    bumpVersion: () => (version += 1),
  };
}

function start(server: ReturnType<typeof fakeServer>, signedIn = false) {
  const actor = createActor(storyEditorMachine.provide({ actors: storyEditingActors(() => server.editing) }), { input: { signedIn, language: "val" } });
  actor.start();
  const view = () => storyEditorView(actor.getSnapshot());
  const settled = () => waitFor(actor, (snapshot) => !storyEditorView(snapshot).busy && !snapshot.matches("signingIn") && !snapshot.matches("loading"));
  return { actor, view, settled };
}

async function openHome(server: ReturnType<typeof fakeServer>) {
  const editor = start(server);
  editor.actor.send({ type: "SIGN_IN", password: "right" });
  await waitFor(editor.actor, (snapshot) => snapshot.matches("workspace"));
  editor.actor.send({ type: "OPEN", uuid: "s1" });
  await waitFor(editor.actor, (snapshot) => storyEditorView(snapshot).activity === "editing");
  return editor;
}

describe("the story editor machine", () => {
  it("refuses a wrong password with its message and opens the workspace with the right one", async () => {
    const server = fakeServer();
    const { actor, view, settled } = start(server);
    expect(view().screen).toBe("signIn");
    actor.send({ type: "SIGN_IN", password: "wrong" });
    await settled();
    expect(view()).toMatchObject({ screen: "signIn", signInError: "account.error.wrongPassword" });
    actor.send({ type: "SIGN_IN", password: "right" });
    await waitFor(actor, (snapshot) => snapshot.matches("workspace"));
    expect(view()).toMatchObject({ screen: "workspace", signInError: undefined, activity: "none", language: "val" });
    expect(view().stories.map((story) => story.name)).toEqual(["Home"]);
  });

  it("asks for the components named in the editor's language, whichever language the content is edited in", async () => {
    const server = fakeServer();
    const { actor, view } = start(server);
    actor.send({ type: "SET_LANGUAGE", language: "en" });
    actor.send({ type: "SIGN_IN", password: "right" });
    await waitFor(actor, (snapshot) => snapshot.matches("workspace"));
    expect(view().language).toBe("en");
    expect(view().components[0]!.display_name).toBe("Pàgina");
    expect(server.componentLanguages).toEqual(["val"]);
  });

  it("goes back to sign-in when the session it was served with has expired", async () => {
    const server = fakeServer();
    const { actor, view } = start(server, true);
    expect(view().screen).toBe("loading");
    actor.send({ type: "OPEN", uuid: "s1" });
    await waitFor(actor, (snapshot) => snapshot.matches("workspace"));
    actor.send({ type: "OPEN", uuid: "s1" });
    await waitFor(actor, (snapshot) => storyEditorView(snapshot).activity === "editing");
    actor.send({ type: "EDIT", content: { ...view().draft, title: "Nou" } });
    actor.send({ type: "SAVE" });
    await waitFor(actor, (snapshot) => snapshot.matches("signedOut"));
    expect(view().screen).toBe("signIn");
  });

  it("edits in memory, saves the draft, then publishes it", async () => {
    const server = fakeServer();
    const { actor, view, settled } = await openHome(server);
    expect(view().dirty).toBe(false);
    actor.send({ type: "SAVE" });
    expect(view().activity).toBe("editing");
    actor.send({ type: "EDIT", content: { ...view().draft, title__i18n__val: "Inici" } });
    expect(view()).toMatchObject({ dirty: true, draft: { title__i18n__val: "Inici" } });
    actor.send({ type: "SAVE" });
    expect(view()).toMatchObject({ activity: "saving", busy: true });
    await settled();
    expect(view()).toMatchObject({ dirty: false, notice: { tone: "success", message: "editor.notice.saved" } });
    expect(view().stories[0]).toMatchObject({ unpublishedChanges: true });
    expect(view().opened?.story.unpublishedChanges).toBe(true);
    expect(server.draft()).toMatchObject({ title__i18n__val: "Inici" });
    actor.send({ type: "PUBLISH" });
    await settled();
    expect(server.published()).toMatchObject({ title__i18n__val: "Inici" });
    expect(view()).toMatchObject({ notice: { message: "editor.notice.published" }, opened: { story: { published: true, unpublishedChanges: false } } });
  });

  it("publishing with unsaved changes stores them first", async () => {
    const server = fakeServer();
    const { actor, view, settled } = await openHome(server);
    actor.send({ type: "EDIT", content: { ...view().draft, title: "Adéu" } });
    actor.send({ type: "PUBLISH" });
    await settled();
    expect(server.writes).toEqual(["save", "publish"]);
    expect(server.published()).toMatchObject({ title: "Adéu" });
    expect(view().dirty).toBe(false);
  });

  it("refuses a stale save, keeps the changes, and reloads the story on request", async () => {
    const server = fakeServer();
    const { actor, view, settled } = await openHome(server);
    actor.send({ type: "EDIT", content: { ...view().draft, title: "Mine" } });
    server.bumpVersion();
    actor.send({ type: "SAVE" });
    await settled();
    expect(view()).toMatchObject({ stale: true, dirty: true, draft: { title: "Mine" }, notice: { tone: "error", message: "editor.error.stale" } });
    expect(server.writes).toEqual([]);
    actor.send({ type: "RELOAD" });
    await settled();
    expect(view()).toMatchObject({ stale: false, dirty: false, draft: { title: "Hola" } });
  });

  it("shows why content was refused and keeps it", async () => {
    const server = fakeServer();
    const { actor, view, settled } = await openHome(server);
    actor.send({ type: "EDIT", content: { ...view().draft, title: "" } });
    actor.send({ type: "SAVE" });
    await settled();
    expect(view()).toMatchObject({ dirty: true, stale: false, notice: { tone: "error", message: "api.error.invalidContent", issues: ["default: title: required"] } });
  });

  it("saves and publishes nothing while a required field is empty: it says which, opens the first, and shows the default language where the value lives", async () => {
    const server = fakeServer();
    const { actor, view, settled } = await openHome(server);
    expect(view()).toMatchObject({ language: "val", fieldProblems: [] });
    const slide = { _uid: "s-1", component: "slide", title: "", title__i18n__val: "Hola", link: { linktype: "url", url: "/", cached_url: "/", fieldtype: "multilink" } };
    actor.send({ type: "EDIT", content: { ...view().draft, hero: [slide] } });
    // Edited in Valencian: the title's required value is the default language's, which the form then shows, saying so.
    for (const [type, message] of [
      ["SAVE", "editor.error.fieldsInDefaultLanguage"],
      ["PUBLISH", "editor.error.fields"],
    ] as const) {
      actor.send({ type });
      expect(view()).toMatchObject({
        activity: "editing",
        dirty: true,
        language: "es",
        selectedBlock: "s-1",
        fieldProblems: [{ uid: "s-1", key: "title" }],
        notice: { tone: "error", message, issues: ["Slide › Title"], fields: [{ uid: "s-1", key: "title", translatable: true, problem: { kind: "required" } }] },
      });
    }
    expect(server.writes).toEqual([]);
    // A field with one value for every language is marked in whichever language is shown.
    actor.send({ type: "SET_LANGUAGE", language: "val" });
    actor.send({ type: "EDIT", content: { ...view().draft, hero: [{ ...slide, title: "Hola", link: { linktype: "url", url: "", cached_url: "", fieldtype: "multilink" } }] } });
    actor.send({ type: "SAVE" });
    expect(view()).toMatchObject({ language: "val", fieldProblems: [{ uid: "s-1", key: "link" }], notice: { message: "editor.error.fields", issues: ["Slide: Hola › Link"] } });
    expect(server.writes).toEqual([]);
    // Filled, the mark goes at once; the story then saves.
    actor.send({ type: "EDIT", content: { ...view().draft, hero: [{ ...slide, title: "Hola" }] } });
    expect(view().fieldProblems).toEqual([]);
    actor.send({ type: "SAVE" });
    await settled();
    expect(server.writes).toEqual(["save"]);
    expect(view()).toMatchObject({ notice: { message: "editor.notice.saved" } });
  });

  it("counts each pick of a block, the one already selected too, so that the form shows it again", async () => {
    const server = fakeServer();
    const { actor, view } = await openHome(server);
    const before = view().selections;
    actor.send({ type: "SELECT_BLOCK", uid: "b-1" });
    actor.send({ type: "SELECT_BLOCK", uid: "b-1" });
    expect(view()).toMatchObject({ selectedBlock: "b-1", selections: before + 2 });
  });

  it("asks before leaving unsaved changes, and discards a saved draft back to the published story", async () => {
    const server = fakeServer();
    const { actor, view, settled } = await openHome(server);
    actor.send({ type: "EDIT", content: { ...view().draft, title: "Draft" } });
    actor.send({ type: "OPEN", uuid: "s1" });
    expect(view().activity).toBe("leaving");
    actor.send({ type: "CANCEL_LEAVE" });
    expect(view()).toMatchObject({ activity: "editing", draft: { title: "Draft" } });
    actor.send({ type: "SAVE" });
    await settled();
    actor.send({ type: "DISCARD" });
    await settled();
    expect(server.writes).toEqual(["save", "discard"]);
    expect(view()).toMatchObject({ activity: "editing", draft: { title: "Hola" }, notice: { message: "editor.notice.discarded" } });
  });

  it("adds an uploaded image to the assets, first", async () => {
    const server = fakeServer();
    const { actor, view } = await openHome(server);
    actor.send({ type: "UPLOAD", file: new Blob(["x"]), alt: "Pista central" });
    expect(view().uploading).toBe(true);
    await waitFor(actor, (snapshot) => !storyEditorView(snapshot).uploading);
    expect(view().assets[0]).toMatchObject({ alt: "Pista central" });
    expect(view().lastUpload?.id).toBe(9);
  });

  it("signs out and forgets the open story", async () => {
    const server = fakeServer();
    const { actor, view } = await openHome(server);
    actor.send({ type: "SIGN_OUT" });
    await waitFor(actor, (snapshot) => snapshot.matches("signedOut"));
    expect(view()).toMatchObject({ screen: "signIn", opened: undefined, draft: undefined, stories: [] });
  });

  it("undoes the last publish: the earlier version is published again, and only without unsaved changes", async () => {
    const server = fakeServer();
    const { actor, view, settled } = await openHome(server);
    expect(view().opened?.canUndoPublish).toBe(false);
    actor.send({ type: "UNDO_PUBLISH" });
    expect(view().activity).toBe("editing");
    actor.send({ type: "EDIT", content: { ...view().draft, title: "Nueva" } });
    actor.send({ type: "PUBLISH" });
    await settled();
    expect(view().opened?.canUndoPublish).toBe(true);
    actor.send({ type: "EDIT", content: { ...view().draft, title: "Sin guardar" } });
    actor.send({ type: "UNDO_PUBLISH" });
    expect(view().activity).toBe("editing");
    actor.send({ type: "SAVE" });
    await settled();
    actor.send({ type: "UNDO_PUBLISH" });
    expect(view()).toMatchObject({ activity: "undoingPublish", busy: true });
    await settled();
    expect(server.published()).toMatchObject({ title: "Hola" });
    expect(view()).toMatchObject({ activity: "editing", notice: { message: "editor.notice.publishUndone" }, opened: { canUndoPublish: false } });
  });

  it("creates a story, puts it in the tree and opens it; a taken slug is said, and unsaved changes come first", async () => {
    const server = fakeServer();
    const { actor, view, settled } = start(server);
    actor.send({ type: "SIGN_IN", password: "right" });
    await waitFor(actor, (snapshot) => snapshot.matches("workspace"));
    actor.send({ type: "CREATE", story: { name: "Visita guiada", slug: "visita-guiada", parentId: null, component: "page" } });
    expect(view()).toMatchObject({ activity: "creating", busy: true });
    await waitFor(actor, (snapshot) => storyEditorView(snapshot).activity === "editing");
    expect(view()).toMatchObject({ opened: { story: { name: "Visita guiada", published: false } }, draft: { title: "Visita guiada" } });
    expect(view().stories.map((story) => story.name)).toContain("Visita guiada");

    actor.send({ type: "EDIT", content: { ...view().draft, title: "Cambiada" } });
    actor.send({ type: "CREATE", story: { name: "Otra", slug: "otra", parentId: null, component: "page" } });
    expect(view().activity).toBe("editing");
    actor.send({ type: "SAVE" });
    await settled();
    actor.send({ type: "CREATE", story: { name: "Otra", slug: "home", parentId: null, component: "page" } });
    await waitFor(actor, (snapshot) => storyEditorView(snapshot).activity !== "creating");
    expect(view()).toMatchObject({ activity: "none", notice: { tone: "error", message: "editor.error.storyExists" } });
  });
});

import { deleteApp, initializeApp, type App } from "firebase-admin/app";
import { getFirestore, type Firestore } from "firebase-admin/firestore";
import { afterAll, beforeAll, expect, it } from "vitest";
import { writeUnlessChanged } from "../../../../adapters/firebase/firestore-conditional-write";
import { FIRESTORE_RUNNER_OPTIONS, firestoreEmulatorHost } from "../../../contracts/support/firestore-emulator";
import { contractSuite } from "../../../contracts/support/runner-skip";

// Against Firestore's emulator, when FIRESTORE_EMULATOR_HOST points at one (skipped, saying why, otherwise).
contractSuite(`writeUnlessChanged (emulator at ${firestoreEmulatorHost ?? "—"})`, FIRESTORE_RUNNER_OPTIONS, () => {
  let app: App;
  let firestore: Firestore;
  beforeAll(() => {
    app = initializeApp({ projectId: "demo-arena" }, `conditional-write-${Date.now()}`);
    firestore = getFirestore(app);
  });
  afterAll(() => deleteApp(app));
  const newRef = () => firestore.collection(`conditionalWrites-${Date.now()}`).doc(Math.random().toString(36).slice(2));

  it("creates a document that is not there, updates one that is, and leaves it when told to write nothing", async () => {
    const ref = newRef();
    const increment = () => writeUnlessChanged(ref, (snapshot) => ({ write: { n: ((snapshot.data()?.n as number | undefined) ?? 0) + 1 }, result: "written" }));
    expect(await increment()).toEqual({ outcome: "decided", result: "written" });
    expect(await increment()).toEqual({ outcome: "decided", result: "written" });
    const before = (await ref.get()).updateTime;
    expect(await writeUnlessChanged(ref, () => ({ result: "left" }))).toEqual({ outcome: "decided", result: "left" });
    expect((await ref.get()).data()).toEqual({ n: 2 });
    expect((await ref.get()).updateTime?.isEqual(before!)).toBe(true);
  });

  it("reads again when another writer came between, so that no write is lost", async () => {
    const ref = newRef();
    await Promise.all(Array.from({ length: 8 }, () => writeUnlessChanged(ref, (snapshot) => ({ write: { n: ((snapshot.data()?.n as number | undefined) ?? 0) + 1 }, result: undefined }))));
    expect((await ref.get()).data()).toEqual({ n: 8 });
  });

  it("answers 'contended', having written nothing of its own, when another writer comes between every time", async () => {
    const ref = newRef();
    await ref.create({ n: 0, by: "other" });
    let reads = 0;
    const outcome = await writeUnlessChanged(
      ref,
      async () => {
        reads += 1;
        // Another instance writes between this read and the conditional write, every time.
        await ref.update({ n: reads, by: "other" });
        return { write: { by: "this" }, result: "written" };
      },
      3,
    );
    expect(outcome).toEqual({ outcome: "contended" });
    expect(reads).toBe(3);
    expect((await ref.get()).data()?.by).toBe("other");
  });
});

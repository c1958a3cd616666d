// Model-based testing helpers. xstate/graph's createTestModel() refuses machines with `invoke` or
// `after` ("Invocations/After events on test machines are not supported", xstate 5.33
// validateMachine), and every machine in the core has one of them. So the paths come from
// getShortestPaths() on the machine itself (pure transitions, no actors run), and each path is
// replayed on a real actor whose named actors are provided fakes and whose timers run on a
// SimulatedClock; the real snapshot must match the model's after every step.
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, InspectionEvent } from "xstate";
import { getShortestPaths, getStateNodes, type StatePath } from "xstate/graph";

export type ModelPath = StatePath<AnyMachineSnapshot, AnyEventObject>;

/** Every state of a flat machine, by key. */
export function allStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .map((node) => node.key)
    .sort();
}

/** States left at once by an unguarded `always` transition: no snapshot ever rests in them. */
export function transientStates(machine: AnyStateMachine): string[] {
  return getStateNodes(machine.root)
    .filter((node) => (node.always ?? []).some((transition) => transition.guard === undefined))
    .map((node) => node.key)
    .sort();
}

/** The event an invoked actor's completion (or failure) sends, as the machine names it. */
export function doneEvent(machine: AnyStateMachine, stateId: string): string {
  return `xstate.done.actor.${invokeId(machine, stateId)}`;
}
export function errorEvent(machine: AnyStateMachine, stateId: string): string {
  return `xstate.error.actor.${invokeId(machine, stateId)}`;
}
function invokeId(machine: AnyStateMachine, stateId: string): string {
  const invoke = machine.getStateNodeById(stateId).invoke[0];
  if (!invoke) throw new Error(`${stateId} invokes nothing`);
  return invoke.id;
}

/** The delay name of an `xstate.after.<delay>.<state id>` event. */
export function delayName(event: AnyEventObject): string | undefined {
  return /^xstate\.after\.([^.]+)\./.exec(event.type)?.[1];
}

export interface ModelOptions {
  readonly input?: unknown;
  /** Events with the payloads to try; event types the machine handles but this omits are tried bare. */
  readonly events?: readonly AnyEventObject[];
  readonly serializeState?: (snapshot: AnyMachineSnapshot) => string;
}

/**
 * Shortest paths to every distinguishable state of the model. A traversal's `events` option replaces
 * the machine's own event list (after-events included) rather than refining it, so the candidates are
 * the given events plus every other event type some state handles, offered where `snapshot.can()`.
 */
export function shortestPaths(machine: AnyStateMachine, options: ModelOptions = {}): ModelPath[] {
  const { events = [], serializeState, input } = options;
  const given = new Set(events.map((event) => event.type));
  const handled = [machine.root, ...getStateNodes(machine.root)].flatMap((node) => [...node.transitions.keys()]);
  const candidates = [...events, ...[...new Set(handled)].filter((type) => !given.has(type)).map((type) => ({ type }))];
  return getShortestPaths(machine, {
    input,
    events: (snapshot: AnyMachineSnapshot) =>
      snapshot.status === "active" ? candidates.filter((event) => snapshot.can(event)) : [],
    ...(serializeState ? { serializeState } : {}),
  });
}

/** The states the paths end in. */
export function reachedStates(paths: readonly ModelPath[]): string[] {
  return [...new Set(paths.map((path) => String(path.state.value)))].sort();
}

export interface Harness {
  /** The real actor's current snapshot. */
  snapshot(): AnyMachineSnapshot;
  /** Makes the real system do what the model's event stands for: send it, let time pass, settle an actor. */
  perform(event: AnyEventObject): Promise<void>;
}

/**
 * Replays one path on a fresh harness and checks the real snapshot against the model's after each
 * step. Returns every state value the real actor passed through, transient ones included.
 */
export async function replay(
  path: ModelPath,
  makeHarness: (inspect: (event: InspectionEvent) => void) => Harness,
  check: (real: AnyMachineSnapshot, model: AnyMachineSnapshot, event: AnyEventObject) => void,
): Promise<Set<string>> {
  const visited = new Set<string>();
  const harness = makeHarness((inspection) => {
    if (inspection.type === "@xstate.microstep" || inspection.type === "@xstate.snapshot") {
      const { value } = inspection.snapshot as Partial<AnyMachineSnapshot>;
      if (typeof value === "string") visited.add(value);
    }
  });
  for (const step of path.steps) {
    if (step.event.type !== "xstate.init") await harness.perform(step.event);
    check(harness.snapshot(), step.state, step.event);
  }
  return visited;
}

import { Fragment, Suspense, useContext, type ComponentType, type ReactNode } from "react";
import { usePageContext } from "vike-react/usePageContext";
import type { Block, BlockData, BlockDataByUid } from "../../core";
import { BlockRenderContext, type BlockContext } from "./block-context";
import { blockComponent, isBlockComponentReady } from "./block-components";
import type { BlockOf, BlockProps } from "./block-props";
import styles from "./Blocks.module.css";

export interface BlocksProps {
  readonly blocks: readonly Block[];
  /** The listing blocks' data by `_uid`, from the page's server data. Nested <Blocks> inherit it. */
  readonly data?: BlockDataByUid;
  readonly className?: string;
  /** In the editor's preview, the story's uuid: each block is marked for the editor to select it. */
  readonly editableStory?: string;
  /** Whether the first block opens the page (no hero above it): its images are then the largest paint. */
  readonly firstOnScreen?: boolean;
}

const NO_DATA: BlockDataByUid = {};

/**
 * A page's blocks, in order, 24 px apart (SPEC §9), each keyed by its `_uid`. Each block is a
 * Suspense boundary of its own: React hydrates the page's frame first, then the blocks one by one,
 * and the browser gets the main thread between them (on a phone, one long task becomes several short ones).
 */
export function Blocks({ blocks, data, className, editableStory, firstOnScreen = true }: BlocksProps) {
  const parent = useContext(BlockRenderContext);
  const allData = data ?? parent?.data ?? NO_DATA;
  const preview = usePageContext()?.contentPreview === true;
  const visible = blocks.filter((block) => isRendered(block, preview));
  return (
    <div className={className ? `${styles.blocks} ${className}` : styles.blocks}>
      {visible.map((block, index) => (
        <BlockRenderContext.Provider key={block._uid} value={contextFor(allData, 2, firstOnScreen && index === 0, preview, editableStory)}>
          <div className={`container ${styles.block}`} data-block={block.component} {...editableAttributes(block, editableStory)}>
            <Suspense fallback={null}>{renderBlock(block, allData[block._uid])}</Suspense>
          </div>
        </BlockRenderContext.Provider>
      ))}
    </div>
  );
}

function contextFor(data: BlockDataByUid, headingLevel: 2 | 3 | 4, isFirst: boolean, preview: boolean, editableStory: string | undefined): BlockContext {
  const renderNested: BlockContext["renderNested"] = (blocks, options) => (
    <BlockRenderContext.Provider value={contextFor(data, options.headingLevel, false, preview, editableStory)}>
      {blocks.filter((block) => isRendered(block, preview)).map((block) =>
        options.itemClassName ? (
          <div key={block._uid} className={options.itemClassName} data-block={block.component} {...editableAttributes(block, editableStory)}>
            {renderBlock(block, data[block._uid])}
          </div>
        ) : (
          <Fragment key={block._uid}>{renderBlock(block, data[block._uid])}</Fragment>
        ),
      )}
    </BlockRenderContext.Provider>
  );
  return {
    data,
    headingLevel,
    isFirst,
    renderNested,
    renderBloks: (blocks) => renderNested(blocks, { headingLevel }),
  };
}

/**
 * The component of the block's own type. The page's blocks are loaded before it renders; one the
 * editor's preview adds later shows once its code has arrived.
 */
export function renderBlock<K extends Block["component"]>(block: BlockOf<K>, data: BlockData | undefined): ReactNode {
  const Component: ComponentType<BlockProps<BlockOf<K>>> = blockComponent(block.component);
  const rendered = <Component block={block} data={data} />;
  return isBlockComponentReady(block.component) ? rendered : <Suspense fallback={null}>{rendered}</Suspense>;
}

/**
 * What marks a block in the editor's preview (nothing elsewhere), in the shape of Storyblok's
 * `storyblokEditable`: `data-blok-c` names the block, `data-blok-uid` is the story's and the block's ids.
 */
function editableAttributes(block: Block, story: string | undefined) {
  if (!story) return {};
  return { "data-blok-c": JSON.stringify({ name: block.component, uid: block._uid, story }), "data-blok-uid": `${story}-${block._uid}` };
}

/** Unknown blocks take no room for visitors (not even the 24 px gap); the editor's preview shows them. */
function isRendered(block: Block, preview: boolean): boolean {
  return block.component !== "unknown" || preview || import.meta.env.DEV;
}

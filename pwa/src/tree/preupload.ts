/**
 * A tree's geometry buffers, uploaded to the prepared GPU context (gpu.ts) as soon as the geometry
 * is at hand, before the canvas that draws it is made: the GPU process copies them in while the
 * page still parses the tree bundle (a prebuilt file comes before it) or renders the view (the
 * worker's answer comes about when the model does, and React's render of the view follows). The
 * renderer made later on that context takes each buffer instead of uploading its array again
 * (renderer.ts layer and indexBuffer). Geometry built in the page is uploaded by the renderer: it is
 * made inside the first frame.
 */
import type { GeometryData } from "./geometry";
import type { GL } from "./renderer";

type Uploaded = { gl: GL; buffer: WebGLBuffer };

/** Keyed by the very array the renderer would upload: the same view of the file adopted for the model. */
const uploaded = new WeakMap<ArrayBufferView, Uploaded>();

/** What every first frame draws: the group discs (and their indices), the edge vertices and the node points. */
function firstFrameArrays(data: GeometryData): [ArrayBufferView, "vertices" | "indices"][] {
  return [
    [data.groups.vertices, "vertices"],
    [data.groups.indices, "indices"],
    [data.edges.vertices, "vertices"],
    [data.nodePoints.vertices, "vertices"],
  ];
}

/**
 * Uploads what every first frame draws from `data` to `gl` (firstFrameArrays). A prebuilt file's
 * arrays are decoded here too (prebuiltGeometry.ts makes each on first use), so neither is left for
 * the first frame. Not the node quads and the fine edge indices (drawn zoomed in only), nor the edge
 * levels: the frame draws one, which the fit picks once the model is there, and decoding all twelve
 * cost more (5 to 12 ms, cold) than the one frame's level does in it.
 */
export function preuploadGeometry(gl: GL, data: GeometryData): void {
  if (gl.isContextLost()) return;
  const put = (array: ArrayBufferView, target: number) => {
    if (array.byteLength === 0) return;
    const had = uploaded.get(array);
    if (had?.gl === gl) return;
    // Uploaded to a context no canvas took (its view went away): this one is the canvas to come.
    if (had && !had.gl.isContextLost()) had.gl.deleteBuffer(had.buffer);
    const buffer = gl.createBuffer();
    if (!buffer) return;
    gl.bindBuffer(target, buffer);
    gl.bufferData(target, array, gl.STATIC_DRAW);
    gl.bindBuffer(target, null);
    uploaded.set(array, { gl, buffer });
  };
  for (const [array, kind] of firstFrameArrays(data)) put(array, kind === "indices" ? gl.ELEMENT_ARRAY_BUFFER : gl.ARRAY_BUFFER);
  // The owners feed the first frame's vertex states (vertexStates.ts): decoded now, not in it.
  decoded(data.nodes.owners, data.edges.owners, data.groups.owners);
  // Sent to the GPU process now, not with the first frame's commands.
  gl.flush();
}

/** Takes the arrays, which their getters decoded on the way in. */
const decoded = (..._arrays: ArrayBufferView[]): void => undefined;

/** The buffer `array` was uploaded to on `gl` (the caller owns it from now on), else the array itself to upload. */
export function uploadedOr<T extends ArrayBufferView>(gl: GL, array: T): T | WebGLBuffer {
  const got = uploaded.get(array);
  if (!got || got.gl !== gl) return array;
  uploaded.delete(array);
  return got.buffer;
}

/**
 * Frees what was uploaded ahead from `data` and never taken: its view went away, or its model turned
 * out to be another one (a signature that did not match). Until the canvas goes, it held GPU memory.
 */
export function dropUploaded(data: GeometryData): void {
  for (const [array] of firstFrameArrays(data)) {
    const got = uploaded.get(array);
    if (!got) continue;
    uploaded.delete(array);
    if (!got.gl.isContextLost()) got.gl.deleteBuffer(got.buffer);
  }
}

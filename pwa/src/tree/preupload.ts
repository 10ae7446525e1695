/**
 * A prebuilt geometry file's buffers, uploaded to the prepared GPU context (gpu.ts) as soon as the
 * file is read: while the page still parses and adapts the tree bundle, which takes longer, the GPU
 * process copies them in. The renderer made later on that context takes each buffer instead of
 * uploading its array again (renderer.ts layer and indexBuffer). Geometry built in the page or the
 * worker is uploaded by the renderer as before: it is not there before the model is.
 */
import { EDGE_LOD_SCALES } from "./geometry";
import type { GL } from "./renderer";
import type { PrebuiltGeometry } from "./prebuiltGeometry";

type Uploaded = { gl: GL; buffer: WebGLBuffer };

/** Keyed by the very array the renderer would upload: the same view of the file adopted for the model. */
const uploaded = new WeakMap<ArrayBufferView, Uploaded>();

/**
 * Uploads what a first frame draws from `g` (the layers' vertices and indices, the node quads aside,
 * drawn zoomed in only; every edge level, as the fit picks one) to `gl`. The sections are decoded
 * here too (prebuiltGeometry.ts sums them on first use), so neither is left for the first frame.
 */
export function preuploadGeometry(gl: GL, g: PrebuiltGeometry): void {
  if (gl.isContextLost()) return;
  const { data } = g;
  const put = (array: ArrayBufferView, target: number) => {
    if (uploaded.has(array) || array.byteLength === 0) return;
    const buffer = gl.createBuffer();
    if (!buffer) return;
    gl.bindBuffer(target, buffer);
    gl.bufferData(target, array, gl.STATIC_DRAW);
    gl.bindBuffer(target, null);
    uploaded.set(array, { gl, buffer });
  };
  for (const layer of [data.groups, data.edges, data.nodePoints]) {
    put(layer.vertices, gl.ARRAY_BUFFER);
    put(layer.indices, gl.ELEMENT_ARRAY_BUFFER);
  }
  for (let k = 0; k < EDGE_LOD_SCALES.length; k++) {
    put(g.levels[k].indices, gl.ELEMENT_ARRAY_BUFFER);
    put(g.levels[k].lines, gl.ELEMENT_ARRAY_BUFFER);
  }
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

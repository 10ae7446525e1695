/**
 * A prebuilt geometry file's buffers, uploaded to the prepared GPU context (gpu.ts) as soon as the
 * file is read: while the page still parses and adapts the tree bundle, which takes longer, the GPU
 * process copies them in. The renderer made later on that context takes each buffer instead of
 * uploading its array again (renderer.ts layer and indexBuffer). Geometry built in the page or the
 * worker is uploaded by the renderer as before: it is not there before the model is.
 */
import type { GL } from "./renderer";
import type { PrebuiltGeometry } from "./prebuiltGeometry";

type Uploaded = { gl: GL; buffer: WebGLBuffer };

/** Keyed by the very array the renderer would upload: the same view of the file adopted for the model. */
const uploaded = new WeakMap<ArrayBufferView, Uploaded>();

/**
 * Uploads what every first frame draws from `g` to `gl`: the group discs, the edge vertices and the
 * node points. The arrays are decoded here too (prebuiltGeometry.ts makes each on first use), so
 * neither is left for the first frame. Not the node quads and the fine edge indices (drawn zoomed
 * in only), nor the edge levels: the frame draws one, which the fit picks once the model is there,
 * and decoding all twelve cost more (5 to 12 ms, cold) than the one frame's level does in it.
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
  put(data.groups.vertices, gl.ARRAY_BUFFER);
  put(data.groups.indices, gl.ELEMENT_ARRAY_BUFFER);
  put(data.edges.vertices, gl.ARRAY_BUFFER);
  put(data.nodePoints.vertices, gl.ARRAY_BUFFER);
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

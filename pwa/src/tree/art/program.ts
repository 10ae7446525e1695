type GL = WebGLRenderingContext;

/** Links one art layer's shader pair; `what` names the layer in the error. */
export function compileProgram(gl: GL, vs: string, fs: string, what: string): WebGLProgram {
  const p = gl.createProgram()!;
  for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]] as const) {
    const sh = gl.createShader(type)!;
    gl.shaderSource(sh, src);
    gl.compileShader(sh);
    gl.attachShader(p, sh);
    gl.deleteShader(sh);
  }
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`${what} shaders failed to link: ${gl.getProgramInfoLog(p)}`);
  return p;
}

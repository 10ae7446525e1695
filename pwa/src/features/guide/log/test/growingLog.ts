/** Test stand-ins for the game's Client.txt: a picked file whose text grows, and its line shapes. */

/** A picked file: the text the game has written so far (methods on the prototype, so IndexedDB can store the handle). */
export class GrowingLog {
  readonly kind = "file";
  readonly name = "Client.txt";
  text = "";
  async getFile() {
    return new File([this.text], this.name);
  }
  async queryPermission() {
    return "granted";
  }
}

/** A message line the game writes at 20:{t}. */
export const line = (t: string, msg: string) => `2024/07/26 20:${t} 1 a [INFO Client 22384] ${msg}\n`;
/** The line the game writes when it generates area `id` at 20:{t}. */
export const area = (t: string, id: string) =>
  `2024/07/26 20:${t} 1 a [DEBUG Client 22384] Generating level 1 area "${id}" with seed 1\n`;

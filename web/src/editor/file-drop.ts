/**
 * Drag-and-drop of files onto a panel (fonts onto the properties panel, pictures onto a test
 * value): highlights while files are over it and hands the dropped files on. Drags that carry no
 * files (text, a layer row) are left to the browser.
 */

/** The drag handlers for an element that accepts dropped files. */
export function fileDropHandlers(
  setOver: (over: boolean) => void,
  onFiles: (files: FileList | undefined) => void,
): {
  onDragOver: (e: DragEvent) => void;
  onDragLeave: () => void;
  onDrop: (e: DragEvent) => void;
} {
  return {
    onDragOver: (e) => {
      if (e.dataTransfer?.types.includes('Files')) {
        e.preventDefault();
        setOver(true);
      }
    },
    onDragLeave: () => setOver(false),
    onDrop: (e) => {
      e.preventDefault();
      setOver(false);
      onFiles(e.dataTransfer?.files);
    },
  };
}

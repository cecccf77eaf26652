/** The part of the map the picture shows, in map units. */
interface ViewBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far a key press pans, as a share of what is shown, and how much one zoom step is. */
const PAN_STEP = 0.15;
const ZOOM_STEP = 1.25;
/** A pointer that moves less than this (CSS pixels) before it is released made a click. */
const DRAG_THRESHOLD = 4;

const PAN_KEYS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * Pan and zoom for an SVG map, by changing its `viewBox`: the wheel zooms around the pointer,
 * dragging pans, and with the map focused the arrow keys pan and `+`/`-`/`0` zoom in, out and
 * back to the whole map.
 */
export class MapViewport {
  private box: ViewBox;
  private dragged = false;

  /**
   * @param svg - the map's picture
   * @param bounds - the laid-out map's size in map units
   */
  constructor(
    private readonly svg: SVGSVGElement,
    private readonly bounds: { readonly width: number; readonly height: number },
  ) {
    this.box = this.whole();
    this.apply();
    this.listen();
  }

  /** Whether the last pointer gesture was a drag (so the click it ends is not a selection). */
  get wasDrag(): boolean {
    return this.dragged;
  }

  /** Shows the whole map again. */
  reset(): void {
    this.box = this.whole();
    this.apply();
  }

  /**
   * Zooms around a point of the map (the centre of what is shown by default).
   *
   * @param factor - above 1 zooms in, below 1 out
   * @param centre - the point that stays in place, in map units
   */
  zoom(
    factor: number,
    centre = { x: this.box.x + this.box.width / 2, y: this.box.y + this.box.height / 2 },
  ): void {
    const largest = Math.max(this.bounds.width, this.bounds.height) * 4;
    const width = Math.min(Math.max(this.box.width / factor, 60), largest);
    const scale = width / this.box.width;
    this.box = {
      x: centre.x - (centre.x - this.box.x) * scale,
      y: centre.y - (centre.y - this.box.y) * scale,
      width,
      height: this.box.height * scale,
    };
    this.apply();
  }

  private whole(): ViewBox {
    return {
      x: 0,
      y: 0,
      width: Math.max(this.bounds.width, 1),
      height: Math.max(this.bounds.height, 1),
    };
  }

  private apply(): void {
    const { x, y, width, height } = this.box;
    this.svg.setAttribute("viewBox", `${x} ${y} ${width} ${height}`);
  }

  /** Map units per CSS pixel of the picture as drawn. */
  private unitsPerPixel(): number {
    const rect = this.svg.getBoundingClientRect();
    return Math.max(
      this.box.width / Math.max(rect.width, 1),
      this.box.height / Math.max(rect.height, 1),
    );
  }

  private pan(dxUnits: number, dyUnits: number): void {
    this.box = { ...this.box, x: this.box.x + dxUnits, y: this.box.y + dyUnits };
    this.apply();
  }

  private listen(): void {
    this.svg.addEventListener("wheel", (event) => this.onWheel(event), { passive: false });
    this.svg.addEventListener("pointerdown", (event) => this.onPointerDown(event));
    this.svg.addEventListener("keydown", (event) => this.onKey(event));
  }

  private onWheel(event: WheelEvent): void {
    event.preventDefault();
    const rect = this.svg.getBoundingClientRect();
    const perPixel = this.unitsPerPixel();
    const centre = {
      x: this.box.x + (event.clientX - rect.left) * perPixel,
      y: this.box.y + (event.clientY - rect.top) * perPixel,
    };
    this.zoom(event.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, centre);
  }

  private onPointerDown(start: PointerEvent): void {
    this.dragged = false;
    let last = { x: start.clientX, y: start.clientY };
    const move = (event: PointerEvent) => {
      const moved = Math.hypot(event.clientX - start.clientX, event.clientY - start.clientY);
      if (!this.dragged && moved < DRAG_THRESHOLD) return;
      this.dragged = true;
      const perPixel = this.unitsPerPixel();
      this.pan((last.x - event.clientX) * perPixel, (last.y - event.clientY) * perPixel);
      last = { x: event.clientX, y: event.clientY };
    };
    const end = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", end);
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", end);
  }

  private onKey(event: KeyboardEvent): void {
    const direction = PAN_KEYS[event.key];
    if (direction) {
      this.pan(direction[0] * this.box.width * PAN_STEP, direction[1] * this.box.height * PAN_STEP);
    } else if (event.key === "+" || event.key === "=") {
      this.zoom(ZOOM_STEP);
    } else if (event.key === "-") {
      this.zoom(1 / ZOOM_STEP);
    } else if (event.key === "0") {
      this.reset();
    } else {
      return;
    }
    event.preventDefault();
  }
}

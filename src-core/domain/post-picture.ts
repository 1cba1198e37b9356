/** A post's picture as the server prepared it: the largest size's dimensions, and its description. */
export interface PostPicture {
  readonly id: string;
  /** What the picture shows, for people who cannot see it; empty when it is decorative. */
  readonly alt: string;
  /** Ticked by the editor: the picture adds nothing the text does not say, so it is not described. */
  readonly decorative: boolean;
  readonly width: number;
  readonly height: number;
}

/** The picture a post is saved with: one the server has prepared, and its description. */
export interface PictureChoice {
  readonly id: string;
  readonly alt: string;
  readonly decorative: boolean;
}

/** A picture the server has prepared, not yet saved with a post. */
export interface PreparedPicture {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}

/** The widths the server makes, in pixels; a smaller picture is never enlarged. */
export const PICTURE_WIDTHS = [480, 960, 1600] as const;

/** The widths made of a picture whose largest size is `width` wide. */
export function pictureWidths(width: number): number[] {
  return [...PICTURE_WIDTHS.filter((made) => made < width), Math.min(width, PICTURE_WIDTHS[2])];
}

/** Where the server serves one size of a picture: '/pictures/3f2a...-960.webp'. */
export function pictureAddress(id: string, width: number, format: 'webp' | 'jpg'): string {
  return `/pictures/${id}-${width}.${format}`;
}

export function pictureSrcset(picture: Pick<PostPicture, 'id' | 'width'>, format: 'webp' | 'jpg'): string {
  return pictureWidths(picture.width)
    .map((width) => `${pictureAddress(picture.id, width, format)} ${width}w`)
    .join(', ');
}

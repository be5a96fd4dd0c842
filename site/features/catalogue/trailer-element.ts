/**
 * `<vz-trailer>`: the trailer loads only when asked for. The page holds a button; its click
 * puts the youtube-nocookie player in its place, so nothing of YouTube loads before that.
 */
class TrailerElement extends HTMLElement {
  connectedCallback(): void {
    const button = this.querySelector('button');
    const src = this.dataset.src;
    if (!button || !src) return;
    button.addEventListener(
      'click',
      () => {
        const frame = document.createElement('iframe');
        frame.src = src;
        frame.title = this.dataset.title ?? 'Tráiler';
        frame.allow = 'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture';
        frame.allowFullscreen = true;
        frame.referrerPolicy = 'strict-origin-when-cross-origin';
        frame.className = 'aspect-video w-full rounded-2xl border-0 bg-black';
        button.replaceWith(frame);
        frame.focus();
      },
      { once: true },
    );
  }
}

if (!customElements.get('vz-trailer')) customElements.define('vz-trailer', TrailerElement);

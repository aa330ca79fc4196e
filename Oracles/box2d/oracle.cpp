// dynsim Box2D oracle.
//
// Runs a handful of small scenes through Box2D 2.4.1 configured the way
// UIKit Dynamics drives its engine, and writes golden CSV trajectories
// (in points, screen coordinates, y down) for the Swift tests.
//
// Usage: oracle OUTPUT_DIR      writes the five scene CSVs into OUTPUT_DIR
//        oracle --version       prints the linked Box2D version
//
// See README.md next to this file for the configuration and scene list.

#include <box2d/box2d.h>

#include <cerrno>
#include <clocale>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
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
    return 0;
}
